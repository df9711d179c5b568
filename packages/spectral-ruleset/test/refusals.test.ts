import { describe, expect, it } from 'vitest';
import { lintVariant } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';
const OPERATION = ['paths', NUMBERS, 'post'];
const refusal = {
  description: 'D7 rule 4: turning messaging on or off through the tns operations is refused with 400.',
  request: { xmlElements: ['SmsSettings'] },
  status: 422,
  response: { xmlElement: 'ErrorCode', equals: '400' },
};

describe('svc-refusals', () => {
  it('accepts a well-formed x-refusals on an operation that declares its status', async () => {
    const found = await lintVariant('svc-refusals', (spec) => {
      spec.paths[NUMBERS].post['x-refusals'] = [refusal];
    });
    expect(found).toEqual([]);
  });

  it('reports a malformed entry, an undeclared status, and the key away from an operation', async () => {
    const found = await lintVariant('svc-refusals', (spec) => {
      spec.paths[NUMBERS].post['x-refusals'] = [
        { ...refusal, request: { xmlElements: ['Sms Settings'] } },
        { ...refusal, status: 409 },
      ];
      spec.paths[NUMBERS].post.responses['201']['x-refusals'] = [refusal];
    });
    expect(found).toEqual([
      {
        code: 'svc-refusals',
        path: [...OPERATION, 'responses', '201', 'x-refusals'],
        message:
          '`x-refusals` belongs on an Operation Object (a method under `paths` or `webhooks`); elsewhere nothing reads it.',
      },
      {
        code: 'svc-refusals',
        path: [...OPERATION, 'x-refusals', '0'],
        message:
          '`request.xmlElements` must be a non-empty list of XML element names (a request whose document holds one is refused).',
      },
      {
        code: 'svc-refusals',
        path: [...OPERATION, 'x-refusals', '1', 'status'],
        message:
          "`x-refusals` answers with 409, which the operation does not declare: add the 409 response (the refusal's body), or fix the status.",
      },
    ]);
  });
});
