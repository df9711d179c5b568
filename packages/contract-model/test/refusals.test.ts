import { describe, expect, it } from 'vitest';
import { readRefusals, refusalFor, xmlElementNames, xmlElementText } from '../src/index.js';

const rule4 = {
  description: 'D7 rule 4: turning messaging on or off through the tns operations is refused with 400.',
  request: { xmlElements: ['SmsSettings'] },
  status: 400,
  response: { xmlElement: 'ErrorCode', equals: '400' },
};

describe('x-refusals', () => {
  it('reads a well-formed value', () => {
    expect(readRefusals([rule4])).toEqual({
      value: [
        {
          description: rule4.description,
          xmlElements: ['SmsSettings'],
          status: 400,
          response: { xmlElement: 'ErrorCode', equals: '400' },
        },
      ],
      problems: [],
    });
  });

  it('reports each malformed entry with its place, keeps the good ones', () => {
    const read = readRefusals([
      rule4,
      { ...rule4, request: { xmlElements: [] } },
      { ...rule4, status: 200 },
      { ...rule4, response: { xmlElement: 'Error Code', equals: 400 } },
      { ...rule4, description: '' },
    ]);
    expect(read.value).toHaveLength(1);
    expect(read.problems.map((problem) => problem.at)).toEqual([[1], [2], [3], [4]]);
    expect(read.problems[0]?.message).toMatch(/xmlElements/);
    expect(read.problems[1]?.message).toMatch(/status/);
    expect(readRefusals({}).value).toBeUndefined();
    expect(readRefusals([]).problems[0]?.message).toMatch(/non-empty list/);
  });

  it('recognises a request by an element anywhere, with or without a prefix, never inside comments or CDATA', () => {
    const [refusal] = readRefusals([rule4]).value ?? [];
    expect(refusal).toBeDefined();
    const refusals = refusal ? [refusal] : [];
    const on =
      '<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber><SmsSettings><SmsEnabled>true</SmsEnabled></SmsSettings></SipPeerTelephoneNumber>';
    expect(refusalFor(refusals, on)).toBe(refusal);
    expect(
      refusalFor(refusals, '<a:SipPeerTelephoneNumber><a:SmsSettings/></a:SipPeerTelephoneNumber>'),
    ).toBe(refusal);
    expect(
      refusalFor(
        refusals,
        '<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber></SipPeerTelephoneNumber>',
      ),
    ).toBeUndefined();
    expect(
      refusalFor(refusals, '<T><!-- <SmsSettings> --><![CDATA[<SmsSettings>]]><SmsSettingsX/></T>'),
    ).toBeUndefined();
    expect(refusalFor(refusals, undefined)).toBeUndefined();
    expect(refusalFor(refusals, '{"SmsSettings":true}')).toBeUndefined();
  });

  it('reads element names and the text of an element', () => {
    expect([...xmlElementNames('<?xml version="1.0"?><A x="1"><b:B/><C>t</C></A>')]).toEqual(['A', 'B', 'C']);
    const error =
      '<SipPeerTelephoneNumberResponse><ResponseStatus><ErrorCode> 400 </ErrorCode></ResponseStatus></SipPeerTelephoneNumberResponse>';
    expect(xmlElementText(error, 'ErrorCode')).toBe('400');
    expect(xmlElementText(error, 'Description')).toBeUndefined();
  });
});
