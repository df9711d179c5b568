import { type FilterRules, readFilters } from '@svc-contracts/contract-model';
import { describe, expect, it } from 'vitest';
import { applyFilters, filterMismatches, filterQuery, type QueryValues } from '../src/extensions/filters.js';
import { isoInstant } from '../src/extensions/iso-instant.js';

/** The rules the checker judges: contract-model's reader, malformed conditions left out. */
const filterRules = (extension: unknown) => readFilters(extension).rules;

const query = (fields: Record<string, string | string[]>): QueryValues =>
  new Map(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));

const runRules = filterRules({
  items: '/runs',
  conditions: [
    { parameter: 'start_date', field: '/created_at', match: 'not-before' },
    { parameter: 'end_date', field: '/created_at', match: 'not-after' },
    {
      parameter: 'filters',
      element: { attribute: 'runId', type: 'number' },
      operand: '/value/value',
      field: '/id',
      match: 'equals',
    },
    { parameter: 'filters', element: { attribute: 'campaignId', type: 'number' } },
    {
      parameter: 'filters',
      element: { attribute: 'callerNumber', type: 'text' },
      operand: '/value/value',
      field: '/initial_context/caller_number',
      match: 'contains',
    },
    {
      parameter: 'filters',
      element: { attribute: 'dispositionCode', type: 'multiSelect' },
      operand: '/value/codes',
      field: '/gathered_context/mapped_call_disposition',
      match: 'any-of',
    },
    {
      parameter: 'filters',
      element: { attribute: 'duration', type: 'numberRange' },
      operand: '/value',
      field: '/call_duration_seconds',
      match: 'between',
    },
  ],
}) as FilterRules;

const statusRules = filterRules({
  conditions: [{ parameter: 'status', field: '/status', match: 'in-list' }],
}) as FilterRules;

const runs = (...items: object[]) => JSON.stringify({ runs: items, page: 1 });
const filters = (...objects: object[]) => JSON.stringify(objects);
const messages = (found: { message: string }[]) => found.map(({ message }) => message);

describe('x-filters rules', () => {
  it('reads the conditions, defaults items to the body, and drops malformed entries', () => {
    expect(statusRules).toEqual({
      items: '',
      conditions: [{ parameter: 'status', operand: '', field: '/status', match: 'in-list' }],
    });
    expect(runRules.conditions).toHaveLength(7);
    expect(
      filterRules({
        conditions: [
          { parameter: 'a', field: 'status', match: 'in-list' },
          { parameter: 'a', field: '/status', match: 'like' },
          { parameter: 'a' },
          { parameter: 'a', operand: '/x', field: '/s', match: 'equals' },
          { field: '/s', match: 'equals' },
          { parameter: 'a', element: 'runId' },
          { parameter: 'a', element: {} },
        ],
      }),
    ).toBeUndefined();
    expect(
      filterRules({ items: 'runs', conditions: [{ parameter: 'a', field: '/a', match: 'equals' }] }),
    ).toBe(undefined);
    expect(filterRules({ conditions: [] })).toBeUndefined();
    expect(filterRules([{ parameter: 'a', field: '/a', match: 'equals' }])).toBeUndefined();
  });
});

describe('filterQuery', () => {
  it('decodes the parameters the rules read, as a query is decoded, and passes over the others', () => {
    const url =
      'https://h/runs?page=1&start%5Fdate=2025-03-01T00%3A00%3A00Z&status=active,+archived&status&filters=%5B%5D#x';
    expect(filterQuery(runRules, url)).toEqual(
      new Map([
        ['start_date', ['2025-03-01T00:00:00Z']],
        ['filters', ['[]']],
      ]),
    );
    expect(filterQuery(statusRules, url)).toEqual(new Map([['status', ['active, archived', '']]]));
    expect(filterQuery(statusRules, 'https://h/agents')).toEqual(new Map());
    expect(filterQuery(statusRules, 'https://h/agents?')).toEqual(new Map());
  });
});

describe('x-filters on a plain parameter', () => {
  it('refuses an agent of a status not asked for, with spaces around the commas ignored', () => {
    const agents = JSON.stringify([
      { id: 17, status: 'active' },
      { id: 9, status: 'archived' },
    ]);
    expect(filterMismatches(statusRules, query({ status: 'active, archived' }), agents)).toEqual([]);
    expect(filterMismatches(statusRules, query({ status: 'active' }), agents)).toEqual([
      { pointer: '/1', message: '/1: status is "archived", not one of active (status) (x-filters)' },
    ]);
  });

  it('judges nothing without the parameter, with it repeated, or on an item without the member', () => {
    const agents = JSON.stringify([{ id: 9, status: 'archived' }, { id: 10 }, { id: 11, status: 3 }]);
    expect(filterMismatches(statusRules, query({}), agents)).toEqual([]);
    expect(filterMismatches(statusRules, query({ status: ['active', 'active'] }), agents)).toEqual([]);
    expect(filterMismatches(statusRules, query({ status: ' , ' }), agents)).toEqual([]);
    expect(messages(filterMismatches(statusRules, query({ status: 'active' }), agents))).toEqual([
      '/0: status is "archived", not one of active (status) (x-filters)',
    ]);
  });

  it('judges nothing when the body is not JSON or has no list where items points', () => {
    for (const body of [undefined, '', 'not json', '{"runs":{}}', '{"page":1}']) {
      expect(filterMismatches(runRules, query({ start_date: '2025-03-01T00:00:00Z' }), body)).toEqual([]);
    }
  });

  it('bounds created_at by start_date and end_date as instants, both included', () => {
    const page = runs(
      { id: 1, created_at: '2025-03-01T00:00:00Z' },
      { id: 2, created_at: '2025-02-28T23:59:59.999Z' },
      { id: 3, created_at: '2025-03-31T23:59:59Z' },
      { id: 4, created_at: '2025-04-01T01:30:00+02:00' },
      { id: 5, created_at: 'yesterday' },
      { id: 6, created_at: '2025-03-15T12:00:00' },
    );
    const bounds = query({ start_date: '20250301T0000Z', end_date: '2025-03-31T23:59:59Z' });
    expect(filterMismatches(runRules, bounds, page)).toEqual([
      {
        pointer: '/runs/1',
        message:
          '/runs/1: created_at is "2025-02-28T23:59:59.999Z", before start_date 20250301T0000Z (x-filters)',
      },
    ]);
    // 01:30+02:00 is 23:30Z, within the bound; a bound that is not a date-time compares nothing.
    expect(filterMismatches(runRules, query({ end_date: 'soon' }), page)).toEqual([]);
    expect(messages(filterMismatches(runRules, query({ end_date: '2025-03-31T23:00:00Z' }), page))).toEqual([
      '/runs/2: created_at is "2025-03-31T23:59:59Z", after end_date 2025-03-31T23:00:00Z (x-filters)',
      '/runs/3: created_at is "2025-04-01T01:30:00+02:00", after end_date 2025-03-31T23:00:00Z (x-filters)',
    ]);
  });

  it('lists at most twenty items and counts the rest', () => {
    const many = runs(...Array.from({ length: 25 }, (_, id) => ({ id, created_at: '2024-01-01T00:00:00Z' })));
    const found = filterMismatches(runRules, query({ start_date: '2025-01-01T00:00:00Z' }), many);
    expect(found).toHaveLength(20);
    expect(found.at(-1)?.message).toMatch(/; 5 more item\(s\) the filters exclude are not listed$/);
  });
});

describe('x-filters on a list of filter objects', () => {
  const run1042 = {
    id: 1042,
    call_duration_seconds: 143,
    initial_context: { caller_number: '+14155550100' },
    gathered_context: { mapped_call_disposition: 'INTERESTED' },
  };
  const run1043 = {
    id: 1043,
    call_duration_seconds: 12,
    initial_context: { caller_number: '+12125550142' },
    gathered_context: { mapped_call_disposition: ['VOICEMAIL'] },
  };

  it('refuses a run that matches none of the filter objects, naming each', () => {
    const sent = query({
      filters: filters(
        { attribute: 'runId', type: 'number', value: { value: 1042 } },
        { attribute: 'duration', type: 'numberRange', value: { min: 30, max: 300 } },
      ),
    });
    expect(filterMismatches(runRules, sent, runs(run1042, run1043))).toEqual([
      {
        pointer: '/runs/1',
        message:
          '/runs/1: meets none of the filter objects sent: id is 1043, not 1042 (filters[0]); call_duration_seconds is 12, outside 30 to 300 (filters[1]) (x-filters)',
      },
    ]);
  });

  it('compares text by containment and disposition codes in a string or a list', () => {
    const caller = query({
      filters: filters({ attribute: 'callerNumber', type: 'text', value: { value: '415555' } }),
    });
    expect(messages(filterMismatches(runRules, caller, runs(run1042, run1043)))).toEqual([
      '/runs/1: meets none of the filter objects sent: initial_context/caller_number is "+12125550142", which does not contain 415555 (filters[0]) (x-filters)',
    ]);
    const codes = (...list: string[]) =>
      query({
        filters: filters({ attribute: 'dispositionCode', type: 'multiSelect', value: { codes: list } }),
      });
    expect(filterMismatches(runRules, codes('INTERESTED', 'VOICEMAIL'), runs(run1042, run1043))).toEqual([]);
    expect(messages(filterMismatches(runRules, codes('INTERESTED'), runs(run1042, run1043)))).toEqual([
      '/runs/1: meets none of the filter objects sent: gathered_context/mapped_call_disposition is ["VOICEMAIL"], which holds none of ["INTERESTED"] (filters[0]) (x-filters)',
    ]);
    // Containment: a code inside a longer disposition text matches.
    expect(filterMismatches(runRules, codes('VOICE'), runs(run1043))).toEqual([]);
  });

  it('ignores unknown filter objects, and leaves the list open when one cannot be compared', () => {
    const unknownOnly = query({
      filters: filters({ attribute: 'runId', type: 'text', value: { value: '1' } }),
    });
    expect(filterMismatches(runRules, unknownOnly, runs(run1043))).toEqual([]);
    const withUnknown = query({
      filters: filters(
        { attribute: 'color', type: 'text', value: 'red' },
        { attribute: 'runId', type: 'number', value: { value: 1042 } },
      ),
    });
    expect(filterMismatches(runRules, withUnknown, runs(run1043))).toHaveLength(1);
    // A campaign filter: the run may be of that campaign, so no run is out of bounds.
    const withCampaign = query({
      filters: filters(
        { attribute: 'campaignId', type: 'number', value: { value: 381 } },
        { attribute: 'runId', type: 'number', value: { value: 1042 } },
      ),
    });
    expect(filterMismatches(runRules, withCampaign, runs(run1043))).toEqual([]);
    // The source leaves min > max open, and a value of another shape is the request check's to refuse.
    for (const value of [{ min: 300, max: 30 }, { value: 5 }, 'x']) {
      const odd = query({ filters: filters({ attribute: 'duration', type: 'numberRange', value }) });
      expect(filterMismatches(runRules, odd, runs(run1043))).toEqual([]);
    }
    for (const text of ['not json', '{"attribute":"runId"}']) {
      expect(filterMismatches(runRules, query({ filters: text }), runs(run1043))).toEqual([]);
    }
  });

  it('leaves a filter list or a code list longer than 64 unjudged, so the check stays linear', () => {
    const objects = Array.from({ length: 65 }, (_, id) => ({
      attribute: 'runId',
      type: 'number',
      value: { value: id },
    }));
    expect(filterMismatches(runRules, query({ filters: filters(...objects) }), runs(run1043))).toEqual([]);
    expect(
      filterMismatches(runRules, query({ filters: filters(...objects.slice(1)) }), runs(run1043)),
    ).toHaveLength(1);
    const codes = Array.from({ length: 65 }, (_, index) => `CODE_${index}`);
    const many = query({
      filters: filters({ attribute: 'dispositionCode', type: 'multiSelect', value: { codes } }),
    });
    expect(filterMismatches(runRules, many, runs(run1043))).toEqual([]);
    const fewer = query({
      filters: filters({
        attribute: 'dispositionCode',
        type: 'multiSelect',
        value: { codes: codes.slice(1) },
      }),
    });
    expect(filterMismatches(runRules, fewer, runs(run1043))).toHaveLength(1);
  });

  it('checks a large answer against the longest filter list it compares', () => {
    const items = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      created_at: '2025-03-14T09:12:44Z',
      status: 'archived',
    }));
    const sent = query({
      start_date: '2025-03-01T00:00:00Z',
      filters: filters(
        ...Array.from({ length: 64 }, (_, id) => ({
          attribute: 'runId',
          type: 'number',
          value: { value: -id - 1 },
        })),
      ),
    });
    const found = filterMismatches(runRules, sent, runs(...items));
    expect(found).toHaveLength(20);
    expect(found.at(-1)?.message).toMatch(/19980 more item/);
  });

  it('never judges a run on a member it lacks or holds in another type', () => {
    const sent = query({ filters: filters({ attribute: 'runId', type: 'number', value: { value: 1042 } }) });
    expect(filterMismatches(runRules, sent, runs({ name: 'no id' }, { id: '1043' }))).toEqual([]);
  });

  it('applies the filters of every parameter: an out-of-bounds date fails whatever the filter objects say', () => {
    const sent = query({
      start_date: '2025-03-01T00:00:00Z',
      filters: filters({ attribute: 'runId', type: 'number', value: { value: 1042 } }),
    });
    expect(
      messages(filterMismatches(runRules, sent, runs({ id: 1042, created_at: '2025-01-01T00:00:00Z' }))),
    ).toEqual([
      '/runs/0: created_at is "2025-01-01T00:00:00Z", before start_date 2025-03-01T00:00:00Z (x-filters)',
    ]);
  });
});

describe('applyFilters (the mocks)', () => {
  it('leaves out what the checker would refuse, keeps what it cannot judge, and copies', () => {
    const answer = { runs: [{ id: 1042 }, { id: 1043 }, { name: 'no id' }], page: 1 };
    const sent = query({ filters: filters({ attribute: 'runId', type: 'number', value: { value: 1042 } }) });
    const served = applyFilters(runRules, sent, answer);
    expect(served).toEqual({ runs: [{ id: 1042 }, { name: 'no id' }], page: 1 });
    expect(answer.runs).toHaveLength(3);
    expect(filterMismatches(runRules, sent, JSON.stringify(served))).toEqual([]);
    expect(applyFilters(runRules, query({}), answer)).toBe(answer);
    const agents = [{ status: 'active' }, { status: 'archived' }];
    expect(applyFilters(statusRules, query({ status: 'archived' }), agents)).toEqual([
      { status: 'archived' },
    ]);
  });
});

describe('isoInstant', () => {
  const at = (text: string) => isoInstant(text);
  const reference = at('2025-03-01T00:00:00Z');

  it('reads every form of the same instant alike', () => {
    for (const text of [
      '2025-03-01T00:00:00Z',
      '2025-03-01T00:00Z',
      '2025-03-01T00Z',
      '20250301T000000Z',
      '20250301T0000z',
      '2025-060T00:00:00Z',
      '2025060T00Z',
      '2025-W09-6T00:00:00Z',
      '2025W096T00Z',
      '2025-02-28T24:00:00Z',
      '2025-02-28T24:00Z',
      '2025-03-01T02:00:00+02:00',
      '2025-03-01T02:00:00+0200',
      '2025-03-01T02+02',
      '2025-02-28T19:00:00-05:00',
      '2025-03-01 00:00:00+00:00',
      '2025-02-28T23:59:60Z',
    ]) {
      expect([text, at(text)]).toEqual([text, reference]);
    }
  });

  it('reads decimal fractions of the last unit given, in milliseconds', () => {
    const base = reference as number;
    expect(reference).toBe(Date.UTC(2025, 2, 1));
    expect(at('2025-03-01T00.5Z')).toBe(base + 1_800_000);
    expect(at('2025-03-01T00:30,0Z')).toBe(base + 1_800_000);
    expect(at('2025-03-01T00:00:00.25Z')).toBe(base + 250);
    expect(at('2025-03-01T00:00:00.001Z')).toBe(base + 1);
    // Below the precision of a double today (about a quarter of a microsecond) two instants become equal,
    // never reordered: a bound compared with them is at worst lenient.
    expect(at('2025-03-01T00:00:00.000000001Z')).toBe(base);
    expect(at('2025-03-01T00:00:00.000001Z')).toBeGreaterThan(base);
    expect(at(`2025-03-01T00:00:00.${'9'.repeat(40)}Z`)).toBe(base + 1000);
    // A text far longer than any date-time is not read at all.
    expect(at(`2025-03-01T00:00:00.${'9'.repeat(60)}Z`)).toBeUndefined();
  });

  it('refuses what names no instant', () => {
    for (const text of [
      '2025-03-01',
      '2025-03-01T00:00:00',
      '2025-02-29T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2025-13-01T00:00:00Z',
      '2025-W53-1T00:00:00Z',
      '2025-366T00:00:00Z',
      '2025-03-01T24:00:01Z',
      '2025-03-01T23:60:00Z',
      '2025-03-01T00:00:00+24:00',
      'March 1, 2025',
      '',
    ]) {
      expect([text, at(text)]).toEqual([text, undefined]);
    }
    expect(at('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(at('2026-W53-1T00:00:00Z')).toBe(Date.UTC(2026, 11, 28));
    // Years below 100 are years, not 19xx as Date.UTC reads them.
    expect(at('0099-01-01T00:00:00Z')).toBe(new Date(0).setUTCFullYear(99, 0, 1));
  });
});
