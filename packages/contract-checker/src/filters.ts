import { isDeepStrictEqual } from 'node:util';
import {
  type FilterCondition,
  type FilterMatch,
  type FilterRules,
  isObject,
  type JsonObject,
  readFilters,
  resolvePointer,
} from '@svc-contracts/openapi-utils';
import { isoInstant } from './iso-instant.js';
import { parseTrafficJson, UnparseableJson } from './json-text.js';

/** An item the request's filters exclude: where, and why. */
export interface FilterMismatch {
  pointer: string;
  message: string;
}

/** The decoded query of a request: each name with its values, in order. */
export type QueryValues = ReadonlyMap<string, readonly string[]>;

/** Mismatches reported per answer; the rest are counted in the last message. */
const MAX_REPORTED = 20;
/**
 * Filter objects, and codes of one `any-of`, compared per item. Every item is tested against each of
 * them, so a longer list (far beyond any real query) is left unjudged: the check stays linear in the
 * size of the exchange, whatever a recording holds.
 */
const MAX_COMPARED = 64;

/** The rules of an `x-filters` value; undefined when it has none (the linter reports what is malformed). */
export function filterRules(extension: unknown): FilterRules | undefined {
  return readFilters(extension).rules;
}

/** An item's verdict on one condition: undefined when it cannot be judged (a member missing, another type). */
type ItemTest = (item: unknown) => boolean | undefined;

/** One condition made ready for a request: the test, and what to say of an item that fails it. */
interface Prepared {
  test: ItemTest;
  field: string;
  /** `created_at is "2025-02-28T23:00:00Z", before start_date 2025-03-01T00:00:00Z`, from the item's value. */
  explain: (value: string) => string;
}

/**
 * What a request's query asks of the items, one group per parameter. The items must meet every test of
 * an `all` group (each condition on a plain parameter holds). Of an `any` group (the objects of a filter
 * list) they must meet one: the source does not say how several filter objects combine, so an item is
 * excluded only when it meets none of them, the reading that refuses least.
 */
interface Group {
  kind: 'all' | 'any';
  tests: Prepared[];
}

/** The groups a request's query makes of the rules; parameters sent once only (a repeated one is left open). */
function groupsFor(rules: FilterRules, query: QueryValues): Group[] {
  const groups: Group[] = [];
  const byParameter = new Map<string, FilterCondition[]>();
  for (const condition of rules.conditions) {
    const list = byParameter.get(condition.parameter);
    if (list === undefined) byParameter.set(condition.parameter, [condition]);
    else list.push(condition);
  }
  for (const [parameter, conditions] of byParameter) {
    const values = query.get(parameter);
    if (values === undefined || values.length !== 1) continue;
    const text = values[0] as string;
    const plain = conditions.filter((condition) => condition.element === undefined);
    const tests = plain.flatMap((condition) => prepare(condition, text, parameter) ?? []);
    if (tests.length > 0) groups.push({ kind: 'all', tests });
    const listed = conditions.filter((condition) => condition.element !== undefined);
    if (listed.length > 0) {
      const group = filterListGroup(listed, text, parameter);
      if (group !== undefined) groups.push(group);
    }
  }
  return groups;
}

/**
 * The `any` group of a filter list: one test per filter object that a condition compares. Objects no
 * condition recognises are ignored, as the service ignores them; one that is recognised but not
 * comparable (or whose operand is unusable) leaves the whole group open, since an item may meet it.
 */
function filterListGroup(conditions: FilterCondition[], text: string, parameter: string): Group | undefined {
  const list = parseTrafficJson(text);
  if (list instanceof UnparseableJson || !Array.isArray(list) || list.length > MAX_COMPARED) return undefined;
  const tests: Prepared[] = [];
  for (const [index, filter] of list.entries()) {
    if (!isObject(filter)) continue;
    const applying = conditions.filter((condition) => selects(condition.element as JsonObject, filter));
    if (applying.length === 0) continue;
    for (const condition of applying) {
      if (condition.field === undefined) return undefined;
      const prepared = prepare(
        condition,
        resolvePointer(filter, condition.operand),
        `${parameter}[${index}]`,
      );
      if (prepared === undefined) return undefined;
      tests.push(prepared);
    }
  }
  return tests.length === 0 ? undefined : { kind: 'any', tests };
}

function selects(element: JsonObject, filter: JsonObject): boolean {
  for (const [name, value] of Object.entries(element)) {
    if (!Object.hasOwn(filter, name) || !isDeepStrictEqual(filter[name], value)) return false;
  }
  return true;
}

/** The test of one condition against an operand; undefined when the operand cannot be compared. */
function prepare(condition: FilterCondition, operand: unknown, source: string): Prepared | undefined {
  const field = condition.field as string;
  const read = memberReader(field);
  const match = condition.match as FilterMatch;
  const test = itemTest(match, operand, read);
  if (test === undefined) return undefined;
  const name = field.slice(1);
  const sent = describe(operand);
  const against = PHRASES[match](operand, sent, source);
  return { test, field, explain: (value) => `${name} is ${value}, ${against}` };
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

function itemTest(
  match: FilterMatch,
  operand: unknown,
  read: (item: unknown) => unknown,
): ItemTest | undefined {
  switch (match) {
    case 'equals':
      if (typeof operand !== 'number' && typeof operand !== 'string') return undefined;
      return (item) => {
        const value = read(item);
        return typeof value === typeof operand ? value === operand : undefined;
      };
    case 'contains':
      if (typeof operand !== 'string') return undefined;
      return (item) => {
        const value = read(item);
        return typeof value === 'string' ? value.includes(operand) : undefined;
      };
    case 'any-of': {
      if (!Array.isArray(operand) || operand.length === 0 || operand.length > MAX_COMPARED) return undefined;
      if (!operand.every((code) => typeof code === 'string')) return undefined;
      const codes = operand as string[];
      const holds = (text: string) => codes.some((code) => text.includes(code));
      return (item) => {
        const value = read(item);
        if (typeof value === 'string') return holds(value);
        if (!Array.isArray(value)) return undefined;
        if (value.some((one) => typeof one === 'string' && holds(one))) return true;
        return value.every((one) => typeof one === 'string') ? false : undefined;
      };
    }
    case 'in-list': {
      if (typeof operand !== 'string') return undefined;
      const allowed = new Set(
        operand
          .split(',')
          .map((one) => one.trim())
          .filter((one) => one !== ''),
      );
      if (allowed.size === 0) return undefined;
      return (item) => {
        const value = read(item);
        return typeof value === 'string' ? allowed.has(value) : undefined;
      };
    }
    case 'between': {
      if (!isObject(operand)) return undefined;
      const min = typeof operand.min === 'number' ? operand.min : undefined;
      const max = typeof operand.max === 'number' ? operand.max : undefined;
      // The source leaves open what the service does when min is greater than max.
      if ((min === undefined && max === undefined) || (min !== undefined && max !== undefined && min > max)) {
        return undefined;
      }
      return (item) => {
        const value = read(item);
        if (typeof value !== 'number') return undefined;
        return (min === undefined || value >= min) && (max === undefined || value <= max);
      };
    }
    case 'not-before':
    case 'not-after': {
      const bound = typeof operand === 'string' ? isoInstant(operand) : undefined;
      if (bound === undefined) return undefined;
      return (item) => {
        const value = read(item);
        const instant = typeof value === 'string' ? isoInstant(value) : undefined;
        if (instant === undefined) return undefined;
        return match === 'not-before' ? instant >= bound : instant <= bound;
      };
    }
  }
}

/**
 * Reads the member a JSON pointer names from each item, its segments decoded once: the pointer is the
 * spec's, and it is read on every item of every answer.
 */
function memberReader(pointer: string): (item: unknown) => unknown {
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  return (item) => {
    let node = item;
    for (const segment of segments) {
      // Own members only: an item's `constructor` or `__proto__` is not a member the filter reads.
      if (!isObject(node) || !Object.hasOwn(node, segment)) return undefined;
      node = node[segment];
    }
    return node;
  };
}

function describe(operand: unknown): string {
  const text = typeof operand === 'string' ? operand : JSON.stringify(operand);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function itemsOf(rules: FilterRules, body: unknown): unknown[] | undefined {
  const items = resolvePointer(body, rules.items);
  return Array.isArray(items) ? items : undefined;
}

/** What excludes an item: the condition of an `all` group it fails, or an `any` group none of whose it meets. */
type Exclusion = { group: Group; failed: Prepared | undefined };

/** The first group that excludes an item; undefined when none does (or it cannot be judged). */
function exclusion(groups: readonly Group[], item: unknown): Exclusion | undefined {
  for (const group of groups) {
    if (group.kind === 'all') {
      for (const prepared of group.tests) {
        if (prepared.test(item) === false) return { group, failed: prepared };
      }
    } else if (group.tests.every(({ test }) => test(item) === false)) {
      return { group, failed: undefined };
    }
  }
  return undefined;
}

/** Why an item is excluded, written only for the items reported. */
function explainExclusion(item: unknown, { group, failed }: Exclusion): string {
  if (failed !== undefined) return failed.explain(describeValue(item, failed.field));
  const each = group.tests.map(({ field, explain }) => explain(describeValue(item, field)));
  return `meets none of the filter objects sent: ${each.join('; ')}`;
}

function describeValue(item: unknown, field: string): string {
  return describe(JSON.stringify(memberReader(field)(item)));
}

/**
 * The items of an answer that the request's query excludes under `x-filters`. Nothing is judged when
 * the body is not JSON or has no list where `items` points (the body check says whether it must), and
 * no item is judged on a member it lacks or holds in another type: the source leaves which run and
 * agent fields are required open.
 */
export function filterMismatches(
  rules: FilterRules,
  query: QueryValues,
  responseBody: string | undefined,
): FilterMismatch[] {
  if (responseBody === undefined || responseBody === '') return [];
  const groups = groupsFor(rules, query);
  if (groups.length === 0) return [];
  const body = parseTrafficJson(responseBody);
  if (body instanceof UnparseableJson) return [];
  const items = itemsOf(rules, body);
  if (items === undefined) return [];
  const found: FilterMismatch[] = [];
  let unreported = 0;
  for (const [index, item] of items.entries()) {
    const excluded = exclusion(groups, item);
    if (excluded === undefined) continue;
    if (found.length === MAX_REPORTED) {
      unreported++;
      continue;
    }
    const pointer = `${rules.items}/${index}`;
    found.push({ pointer, message: `${pointer}: ${explainExclusion(item, excluded)} (x-filters)` });
  }
  if (unreported > 0) {
    const last = found[found.length - 1] as FilterMismatch;
    last.message += `; ${unreported} more item(s) the filters exclude are not listed`;
  }
  return found;
}

/**
 * An answer with the items the request's query excludes under `x-filters` left out: what a mock serves
 * from an example list. Items that cannot be judged stay, as the checker accepts them.
 */
export function applyFilters(rules: FilterRules, query: QueryValues, answer: unknown): unknown {
  const groups = groupsFor(rules, query);
  if (groups.length === 0) return answer;
  const items = itemsOf(rules, answer);
  if (items === undefined) return answer;
  const kept = items.filter((item) => exclusion(groups, item) === undefined);
  if (kept.length === items.length) return answer;
  return replaceAt(answer, rules.items, kept);
}

/** A copy of `root` with the value at `pointer` replaced (`root` itself is not changed: parses are shared). */
function replaceAt(root: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  const [head, ...rest] = pointer.slice(1).split('/');
  const name = (head as string).replaceAll('~1', '/').replaceAll('~0', '~');
  const tail = rest.length === 0 ? '' : `/${rest.join('/')}`;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[Number(name)] = replaceAt(root[Number(name)], tail, value);
    return copy;
  }
  if (!isObject(root)) return root;
  return { ...root, [name]: replaceAt(root[name], tail, value) };
}
