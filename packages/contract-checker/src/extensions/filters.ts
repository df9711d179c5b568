import { isDeepStrictEqual } from 'node:util';
import type { FilterCondition, FilterMatch, FilterRules } from '@svc-contracts/contract-model';
import { isObject, type JsonObject, unescapePointer } from '@svc-contracts/openapi-utils';
import { TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import type { BodyFinding } from '../bodies/violation.js';
import { parseFormEncoded, rawQueryOf } from '../parameters/request-parts.js';
import { isoInstant } from './iso-instant.js';

/** The decoded query of a request: each name with its values, in order. */
export type QueryValues = ReadonlyMap<string, readonly string[]>;

/** Mismatches reported per answer; the rest are counted in the last message. */
const MAX_REPORTED = 20;
/** Filter objects, and codes of one `any-of`, compared per item. */
const MAX_COMPARED = 64;

/** The values of the query parameters `rules` read, decoded as every query is (`+` a space), from a request's
 * URL (absolute, or a path with its query): the other parameters are passed over undecoded. */
export function filterQuery(rules: FilterRules, url: string): QueryValues {
  return parseFormEncoded(rawQueryOf(url), new Set(rules.conditions.map((condition) => condition.parameter)));
}

/** A value's verdict on one condition: undefined when it cannot be judged (a member missing, another type). */
type ValueTest = (value: unknown) => boolean | undefined;

/** One condition made ready for a request: its member, its test, and what to say of an item that fails it. */
type Prepared = NonNullable<ReturnType<typeof prepare>>;

/** What a request's query asks of the items: an item fails a group that it fails every test of (a plain
 * condition is a group of one; a filter list, one test per filter object it sends). */
type Group = { list: boolean; tests: Prepared[] };

/** The groups a request's query makes of the rules; parameters sent once only (a repeated one is left open). */
function groupsFor(rules: FilterRules, query: QueryValues, json: TrafficJson): Group[] {
  const groups: Group[] = [];
  for (const name of new Set(rules.conditions.map((condition) => condition.parameter))) {
    const values = query.get(name);
    if (values === undefined || values.length !== 1) continue;
    const text = values[0] as string;
    const conditions = rules.conditions.filter((condition) => condition.parameter === name);
    for (const condition of conditions) {
      const prepared = condition.element === undefined ? prepare(condition, text, name) : undefined;
      if (prepared !== undefined) groups.push({ list: false, tests: [prepared] });
    }
    const listed = conditions.filter((condition) => condition.element !== undefined);
    const group = listed.length > 0 ? filterListGroup(json, listed, text, name) : undefined;
    if (group !== undefined) groups.push(group);
  }
  return groups;
}

/** The `any` group of a filter list: one test per filter object that a condition compares. */
function filterListGroup(json: TrafficJson, conditions: FilterCondition[], text: string, parameter: string) {
  const list = json.parse(text);
  if (list instanceof UnparseableJson || !Array.isArray(list) || list.length > MAX_COMPARED) return undefined;
  const tests: Prepared[] = [];
  for (const [index, filter] of list.entries()) {
    if (!isObject(filter)) continue;
    for (const condition of conditions) {
      if (!selects(condition.element as JsonObject, filter)) continue;
      if (condition.field === undefined) return undefined;
      const operand = memberReader(condition.operand)(filter);
      const prepared = prepare(condition, operand, `${parameter}[${index}]`);
      if (prepared === undefined) return undefined;
      tests.push(prepared);
    }
  }
  return tests.length === 0 ? undefined : { list: true, tests };
}

function selects(element: JsonObject, filter: JsonObject): boolean {
  for (const name in element) {
    if (!Object.hasOwn(filter, name)) return false;
    const wanted = element[name];
    const value = filter[name];
    // The selecting members are names (`attribute`, `type`); `isDeepStrictEqual` only for anything else.
    if (value !== wanted && (typeof wanted !== 'object' || !isDeepStrictEqual(value, wanted))) return false;
  }
  return true;
}

/** The test of one condition against an operand; undefined when the operand cannot be compared. */
function prepare(condition: FilterCondition, operand: unknown, source: string) {
  const match = condition.match as FilterMatch;
  const field = condition.field as string;
  const test = valueTest(match, operand);
  if (test === undefined) return undefined;
  return {
    read: memberReader(field),
    test,
    // Written only for an item that is reported: `created_at is "…", before start_date 2025-03-01T00:00:00Z`.
    explain: (value: string) =>
      `${field.slice(1)} is ${value}, ${PHRASES[match](operand, describe(operand), source)}`,
  };
}

/** How a failed comparison reads: the operand as sent, and the parameter (or filter object) it came from. */
const PHRASES: Record<FilterMatch, (operand: unknown, sent: string, source: string) => string> = {
  equals: (_operand, sent, source) => `not ${sent} (${source})`,
  contains: (_operand, sent, source) => `which does not contain ${sent} (${source})`,
  'any-of': (_operand, sent, source) => `which holds none of ${sent} (${source})`,
  'in-list': (_operand, sent, source) => `not one of ${sent} (${source})`,
  between: (operand, _sent, source) => {
    const { min, max } = operand as { min?: number; max?: number };
    return `outside ${min ?? '-inf'} to ${max ?? '+inf'} (${source})`;
  },
  'not-before': (_operand, sent, source) => `before ${source} ${sent}`,
  'not-after': (_operand, sent, source) => `after ${source} ${sent}`,
};

function valueTest(match: FilterMatch, operand: unknown): ValueTest | undefined {
  switch (match) {
    case 'equals':
      if (typeof operand !== 'number' && typeof operand !== 'string') return undefined;
      return (value) => (typeof value === typeof operand ? value === operand : undefined);
    case 'contains':
      if (typeof operand !== 'string') return undefined;
      return (value) => (typeof value === 'string' ? value.includes(operand) : undefined);
    case 'any-of': {
      if (!Array.isArray(operand) || operand.length === 0 || operand.length > MAX_COMPARED) return undefined;
      if (!operand.every((code) => typeof code === 'string')) return undefined;
      const codes = operand as string[];
      const holds = (text: string) => codes.some((code) => text.includes(code));
      return (value) => {
        if (typeof value === 'string') return holds(value);
        if (!Array.isArray(value)) return undefined;
        if (value.some((one) => typeof one === 'string' && holds(one))) return true;
        return value.every((one) => typeof one === 'string') ? false : undefined;
      };
    }
    case 'in-list': {
      if (typeof operand !== 'string') return undefined;
      const allowed = new Set(operand.split(',').map((one) => one.trim()));
      allowed.delete('');
      if (allowed.size === 0) return undefined;
      return (value) => (typeof value === 'string' ? allowed.has(value) : undefined);
    }
    case 'between': {
      if (!isObject(operand)) return undefined;
      const min = typeof operand.min === 'number' ? operand.min : undefined;
      const max = typeof operand.max === 'number' ? operand.max : undefined;
      // The source leaves open what the service does when min is greater than max.
      if (min === undefined ? max === undefined : max !== undefined && min > max) return undefined;
      return (value) =>
        typeof value === 'number'
          ? (min === undefined || value >= min) && (max === undefined || value <= max)
          : undefined;
    }
    case 'not-before':
    case 'not-after': {
      const bound = typeof operand === 'string' ? isoInstant(operand) : undefined;
      if (bound === undefined) return undefined;
      return (value) => {
        const instant = typeof value === 'string' ? isoInstant(value) : undefined;
        if (instant === undefined) return undefined;
        return match === 'not-before' ? instant >= bound : instant <= bound;
      };
    }
  }
}

const segmentsOf = (pointer: string) => pointer.split('/').slice(1).map(unescapePointer);

/** Reads the member a JSON pointer names from each item, its segments decoded once. */
function memberReader(pointer: string): (item: unknown) => unknown {
  const segments = segmentsOf(pointer);
  return (item) => {
    let node = item;
    for (const segment of segments) {
      // Own members only: an item's `constructor` or `__proto__` is not a member the filter reads.
      if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(segment) ? node[Number(segment)] : undefined;
      else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
      else return undefined;
    }
    return node;
  };
}

function describe(operand: unknown): string {
  const text = typeof operand === 'string' ? operand : JSON.stringify(operand);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function itemsOf(rules: FilterRules, body: unknown): unknown[] | undefined {
  const items = memberReader(rules.items)(body);
  return Array.isArray(items) ? items : undefined;
}

/** The first group that excludes an item; undefined when none does (or it cannot be judged). */
function exclusion(groups: readonly Group[], item: unknown): Group | undefined {
  return groups.find((group) =>
    group.tests.every((prepared) => prepared.test(prepared.read(item)) === false),
  );
}

/** Why an item is excluded, written only for the items reported. */
function explainExclusion(item: unknown, group: Group): string {
  const each = group.tests.map(({ read, explain }) => explain(describe(JSON.stringify(read(item)))));
  return group.list ? `meets none of the filter objects sent: ${each.join('; ')}` : (each[0] as string);
}

/** The items of an answer that the request's query excludes under `x-filters`. */
export function filterMismatches(
  json: TrafficJson,
  rules: FilterRules,
  query: QueryValues,
  responseBody: string | undefined,
): BodyFinding[] {
  if (responseBody === undefined || responseBody === '') return [];
  const groups = groupsFor(rules, query, json);
  if (groups.length === 0) return [];
  const body = json.parse(responseBody);
  if (body instanceof UnparseableJson) return [];
  const items = itemsOf(rules, body);
  if (items === undefined) return [];
  const found: BodyFinding[] = [];
  let excludedCount = 0;
  items.forEach((item, index) => {
    const excluded = exclusion(groups, item);
    if (excluded === undefined || ++excludedCount > MAX_REPORTED) return;
    const pointer = `${rules.items}/${index}`;
    found.push({ pointer, message: `${pointer}: ${explainExclusion(item, excluded)} (x-filters)` });
  });
  const [more, last] = [excludedCount - found.length, found.at(-1)];
  if (last && more > 0) last.message += `; ${more} more item(s) the filters exclude are not listed`;
  return found;
}

/** An answer with the items the request's query excludes under `x-filters` left out: what a mock serves from
 * an example list. */
export function applyFilters(rules: FilterRules, query: QueryValues, answer: unknown): unknown {
  // Read as the checker reads it, under the default JSON policy, by a reader of this call alone.
  const groups = groupsFor(rules, query, new TrafficJson());
  if (groups.length === 0) return answer;
  const items = itemsOf(rules, answer);
  if (items === undefined) return answer;
  const kept = items.filter((item) => exclusion(groups, item) === undefined);
  if (kept.length === items.length) return answer;
  return withChange(answer, segmentsOf(rules.items), kept);
}

/** A copy of `root` with the value at `path` replaced by `to` (or removed): only the containers on the path are
 * copied, and `root` itself is not changed (parses are shared). */
export function withChange(root: unknown, path: PropertyKey[], to: unknown, remove = false): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return to;
  if (!isObject(root) && !Array.isArray(root)) return root;
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<PropertyKey, unknown>;
  if (remove && rest.length === 0) delete copy[head];
  else copy[head] = withChange(copy[head], rest, to, remove);
  return copy;
}
