import { type FilterRules, readFilters } from '@svc-contracts/contract-model';
import { describe, expect, it } from 'vitest';
import { TrafficJson } from '../src/bodies/json-text.js';
import { applyFilters, filterMismatches, filterQuery, type QueryValues } from '../src/extensions/filters.js';
import { isoInstant } from '../src/extensions/iso-instant.js';

/** Each check reads JSON with a reader of the default policy, as a contract set of default options does. */
const json = new TrafficJson();

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

const agents = JSON.stringify([
  { id: 17, status: 'active' },
  { id: 9, status: 'archived' },
]);
const oddAgents = JSON.stringify([{ id: 9, status: 'archived' }, { id: 10 }, { id: 11, status: 3 }]);
const march = runs(
  { id: 1, created_at: '2025-03-01T00:00:00Z' },
  { id: 2, created_at: '2025-02-28T23:59:59.999Z' },
  { id: 3, created_at: '2025-03-31T23:59:59Z' },
  { id: 4, created_at: '2025-04-01T01:30:00+02:00' },
  { id: 5, created_at: 'yesterday' },
  { id: 6, created_at: '2025-03-15T12:00:00' },
);
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
const byRun = (value: number) => ({ attribute: 'runId', type: 'number', value: { value } });
const codes = (...list: string[]) =>
  filters({ attribute: 'dispositionCode', type: 'multiSelect', value: { codes: list } });
const sixtyFive = Array.from({ length: 65 }, (_, id) => byRun(id));
const sixtyFiveCodes = Array.from({ length: 65 }, (_, index) => `CODE_${index}`);

/**
 * A row: the rules (`status`: a plain parameter; `runs`: dates and filter objects), the query and the
 * answer's body given, and every mismatch wanted, in order (none: the answer passes; `{}`: one, whatever
 * it says).
 */
interface FilterRow {
  name: string;
  rules: 'status' | 'runs';
  given: { query: Record<string, string | string[]>; body: string | undefined };
  want: Array<{ pointer?: string; message?: string }>;
}

const rows: FilterRow[] = [
  // x-filters on a plain parameter.
  {
    name: 'a status asked for, spaces around the commas ignored',
    rules: 'status',
    given: { query: { status: 'active, archived' }, body: agents },
    want: [],
  },
  {
    name: 'an agent of a status not asked for',
    rules: 'status',
    given: { query: { status: 'active' }, body: agents },
    want: [{ pointer: '/1', message: '/1: status is "archived", not one of active (status) (x-filters)' }],
  },
  { name: 'no parameter: nothing judged', rules: 'status', given: { query: {}, body: oddAgents }, want: [] },
  {
    name: 'the parameter repeated: nothing judged',
    rules: 'status',
    given: { query: { status: ['active', 'active'] }, body: oddAgents },
    want: [],
  },
  {
    name: 'a list of nothing but commas: nothing judged',
    rules: 'status',
    given: { query: { status: ' , ' }, body: oddAgents },
    want: [],
  },
  {
    name: 'an item without the member, or with it of another type, is not judged; the others are',
    rules: 'status',
    given: { query: { status: 'active' }, body: oddAgents },
    want: [{ message: '/0: status is "archived", not one of active (status) (x-filters)' }],
  },
  ...[undefined, '', 'not json', '{"runs":{}}', '{"page":1}'].map(
    (body): FilterRow => ({
      name: `a body that is not JSON or has no list where items points (${JSON.stringify(body)}): nothing judged`,
      rules: 'runs',
      given: { query: { start_date: '2025-03-01T00:00:00Z' }, body },
      want: [],
    }),
  ),
  {
    name: 'created_at bounded by start_date and end_date as instants, both included',
    rules: 'runs',
    given: { query: { start_date: '20250301T0000Z', end_date: '2025-03-31T23:59:59Z' }, body: march },
    want: [
      {
        pointer: '/runs/1',
        message:
          '/runs/1: created_at is "2025-02-28T23:59:59.999Z", before start_date 20250301T0000Z (x-filters)',
      },
    ],
  },
  {
    name: 'a bound that is not a date-time compares nothing',
    rules: 'runs',
    given: { query: { end_date: 'soon' }, body: march },
    want: [],
  },
  {
    name: 'an end bound compares instants (01:30+02:00 is 23:30Z)',
    rules: 'runs',
    given: { query: { end_date: '2025-03-31T23:00:00Z' }, body: march },
    want: [
      {
        message:
          '/runs/2: created_at is "2025-03-31T23:59:59Z", after end_date 2025-03-31T23:00:00Z (x-filters)',
      },
      {
        message:
          '/runs/3: created_at is "2025-04-01T01:30:00+02:00", after end_date 2025-03-31T23:00:00Z (x-filters)',
      },
    ],
  },
  // x-filters on a list of filter objects.
  {
    name: 'a run that matches none of the filter objects, naming each',
    rules: 'runs',
    given: {
      query: {
        filters: filters(byRun(1042), {
          attribute: 'duration',
          type: 'numberRange',
          value: { min: 30, max: 300 },
        }),
      },
      body: runs(run1042, run1043),
    },
    want: [
      {
        pointer: '/runs/1',
        message:
          '/runs/1: meets none of the filter objects sent: id is 1043, not 1042 (filters[0]); call_duration_seconds is 12, outside 30 to 300 (filters[1]) (x-filters)',
      },
    ],
  },
  {
    name: 'text compared by containment',
    rules: 'runs',
    given: {
      query: { filters: filters({ attribute: 'callerNumber', type: 'text', value: { value: '415555' } }) },
      body: runs(run1042, run1043),
    },
    want: [
      {
        message:
          '/runs/1: meets none of the filter objects sent: initial_context/caller_number is "+12125550142", which does not contain 415555 (filters[0]) (x-filters)',
      },
    ],
  },
  {
    name: 'disposition codes in a string or a list, every one asked for',
    rules: 'runs',
    given: { query: { filters: codes('INTERESTED', 'VOICEMAIL') }, body: runs(run1042, run1043) },
    want: [],
  },
  {
    name: 'a disposition code not asked for',
    rules: 'runs',
    given: { query: { filters: codes('INTERESTED') }, body: runs(run1042, run1043) },
    want: [
      {
        message:
          '/runs/1: meets none of the filter objects sent: gathered_context/mapped_call_disposition is ["VOICEMAIL"], which holds none of ["INTERESTED"] (filters[0]) (x-filters)',
      },
    ],
  },
  {
    name: 'a code inside a longer disposition text matches (containment)',
    rules: 'runs',
    given: { query: { filters: codes('VOICE') }, body: runs(run1043) },
    want: [],
  },
  {
    name: 'unknown filter objects only (runId of another type): ignored',
    rules: 'runs',
    given: {
      query: { filters: filters({ attribute: 'runId', type: 'text', value: { value: '1' } }) },
      body: runs(run1043),
    },
    want: [],
  },
  {
    name: 'an unknown filter object beside a known one: the known one judges',
    rules: 'runs',
    given: {
      query: { filters: filters({ attribute: 'color', type: 'text', value: 'red' }, byRun(1042)) },
      body: runs(run1043),
    },
    want: [{}],
  },
  {
    name: 'a campaign filter beside: the run may be of that campaign, so none is out of bounds',
    rules: 'runs',
    given: {
      query: {
        filters: filters({ attribute: 'campaignId', type: 'number', value: { value: 381 } }, byRun(1042)),
      },
      body: runs(run1043),
    },
    want: [],
  },
  ...[{ min: 300, max: 30 }, { value: 5 }, 'x'].map(
    (value): FilterRow => ({
      name: `a range the source leaves open or of another shape (${JSON.stringify(value)}): nothing judged`,
      rules: 'runs',
      given: {
        query: { filters: filters({ attribute: 'duration', type: 'numberRange', value }) },
        body: runs(run1043),
      },
      want: [],
    }),
  ),
  ...['not json', '{"attribute":"runId"}'].map(
    (text): FilterRow => ({
      name: `filters that are not a list of filter objects (${text}): nothing judged`,
      rules: 'runs',
      given: { query: { filters: text }, body: runs(run1043) },
      want: [],
    }),
  ),
  {
    name: 'a filter list longer than 64 is not judged, so the check stays linear',
    rules: 'runs',
    given: { query: { filters: filters(...sixtyFive) }, body: runs(run1043) },
    want: [],
  },
  {
    name: 'a filter list of 64 is judged',
    rules: 'runs',
    given: { query: { filters: filters(...sixtyFive.slice(1)) }, body: runs(run1043) },
    want: [{}],
  },
  {
    name: 'a code list longer than 64 is not judged',
    rules: 'runs',
    given: { query: { filters: codes(...sixtyFiveCodes) }, body: runs(run1043) },
    want: [],
  },
  {
    name: 'a code list of 64 is judged',
    rules: 'runs',
    given: { query: { filters: codes(...sixtyFiveCodes.slice(1)) }, body: runs(run1043) },
    want: [{}],
  },
  {
    name: 'a run that lacks the member, or holds it in another type, is never judged on it',
    rules: 'runs',
    given: { query: { filters: filters(byRun(1042)) }, body: runs({ name: 'no id' }, { id: '1043' }) },
    want: [],
  },
  {
    name: 'the filters of every parameter apply: an out-of-bounds date fails whatever the filter objects say',
    rules: 'runs',
    given: {
      query: { start_date: '2025-03-01T00:00:00Z', filters: filters(byRun(1042)) },
      body: runs({ id: 1042, created_at: '2025-01-01T00:00:00Z' }),
    },
    want: [
      {
        message:
          '/runs/0: created_at is "2025-01-01T00:00:00Z", before start_date 2025-03-01T00:00:00Z (x-filters)',
      },
    ],
  },
];

describe('x-filters: filterMismatches', () => {
  it('has passing and failing rows for both kinds of rules', () => {
    for (const kind of ['status', 'runs'] as const) {
      const own = rows.filter((row) => row.rules === kind);
      expect(own.some((row) => row.want.length === 0)).toBe(true);
      expect(own.some((row) => row.want.length > 0)).toBe(true);
    }
  });

  it.each(rows)('$name', ({ rules, given, want }) => {
    const found = filterMismatches(
      json,
      rules === 'status' ? statusRules : runRules,
      query(given.query),
      given.body,
    );
    expect(found).toMatchObject(want);
  });

  it('lists at most twenty items and counts the rest', () => {
    const many = runs(...Array.from({ length: 25 }, (_, id) => ({ id, created_at: '2024-01-01T00:00:00Z' })));
    const found = filterMismatches(json, runRules, query({ start_date: '2025-01-01T00:00:00Z' }), many);
    expect(found).toHaveLength(20);
    expect(found.at(-1)?.message).toMatch(/; 5 more item\(s\) the filters exclude are not listed$/);
  });

  it('checks a large answer against the longest filter list it compares', () => {
    const items = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      created_at: '2025-03-14T09:12:44Z',
      status: 'archived',
    }));
    const sent = query({
      start_date: '2025-03-01T00:00:00Z',
      filters: filters(...Array.from({ length: 64 }, (_, id) => byRun(-id - 1))),
    });
    const found = filterMismatches(json, runRules, sent, runs(...items));
    expect(found).toHaveLength(20);
    expect(found.at(-1)?.message).toMatch(/19980 more item/);
  });
});

describe('applyFilters (the mocks)', () => {
  it('leaves out what the checker would refuse, keeps what it cannot judge, and copies', () => {
    const answer = { runs: [{ id: 1042 }, { id: 1043 }, { name: 'no id' }], page: 1 };
    const sent = query({ filters: filters({ attribute: 'runId', type: 'number', value: { value: 1042 } }) });
    const served = applyFilters(runRules, sent, answer);
    expect(served).toEqual({ runs: [{ id: 1042 }, { name: 'no id' }], page: 1 });
    expect(answer.runs).toHaveLength(3);
    expect(filterMismatches(json, runRules, sent, JSON.stringify(served))).toEqual([]);
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
