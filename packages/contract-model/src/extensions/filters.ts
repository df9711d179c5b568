import { isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, type Read, rawOf } from './names.js';

/** How `x-filters` compares an item's member with the request's value (specs/README.md, "Extensions"). */
export type FilterMatch =
  | 'equals'
  | 'contains'
  | 'any-of'
  | 'in-list'
  | 'between'
  | 'not-before'
  | 'not-after';

export const FILTER_MATCHES: readonly FilterMatch[] = [
  'equals',
  'contains',
  'any-of',
  'in-list',
  'between',
  'not-before',
  'not-after',
];

/** One `x-filters` condition on every item of the answer's list. With `element`, the parameter is a JSON
 * array of filter objects and the condition applies to those matching `element`; without `field`/`match`,
 * never compared. */
export interface FilterCondition {
  parameter: string;
  element?: JsonObject;
  /** JSON pointer into the filter object (`/value/value`); '' for the whole object or the parameter's text. */
  operand: string;
  /** JSON pointer into an item (`/created_at`); absent: not comparable. */
  field?: string;
  match?: FilterMatch;
}

/** The `x-filters` of a response: where its list is, and the conditions on the items. */
export interface FilterRules {
  /** JSON pointer to the list in the body (`/runs`; '' when the body is the list). */
  items: string;
  conditions: FilterCondition[];
}

/** What is wrong with an `x-filters` value, and where inside it (`['conditions', 2, 'field']`). */
export interface FilterProblem {
  at: Array<string | number>;
  message: string;
}

const POINTER = /^(\/[^/]+)+$/;

export const FILTERS_SHAPE =
  '`x-filters` must be `{items, conditions}`: `items` a JSON pointer to the list in the body (`/runs`, or `` for a body that is the list), `conditions` a non-empty list of `{parameter, element?, operand?, field, match}`.';

/** Reads an `x-filters` value: the rules of its well-formed conditions (undefined if none) and every problem. */
export function readFilters(extension: unknown): {
  rules: FilterRules | undefined;
  problems: FilterProblem[];
} {
  if (!isObject(extension) || !Array.isArray(extension.conditions) || extension.conditions.length === 0) {
    return { rules: undefined, problems: [{ at: [], message: FILTERS_SHAPE }] };
  }
  const items = extension.items ?? '';
  if (typeof items !== 'string' || (items !== '' && !POINTER.test(items))) {
    return { rules: undefined, problems: [{ at: ['items'], message: FILTERS_SHAPE }] };
  }
  const problems: FilterProblem[] = [];
  const conditions: FilterCondition[] = [];
  extension.conditions.forEach((entry, index) => {
    const read = readCondition(entry);
    if (typeof read === 'string') problems.push({ at: ['conditions', index], message: read });
    else conditions.push(read);
  });
  return { rules: conditions.length === 0 ? undefined : { items, conditions }, problems };
}

/** A condition, or what is wrong with it. */
function readCondition(entry: unknown): FilterCondition | string {
  if (!isObject(entry) || typeof entry.parameter !== 'string' || entry.parameter === '') {
    return 'A condition of `x-filters` names the query `parameter` it reads.';
  }
  const { parameter, element, operand, field, match } = entry;
  if (element !== undefined && (!isObject(element) || Object.keys(element).length === 0)) {
    return '`element` must be an object of the members that select the filter objects, for example `{attribute: runId, type: number}`.';
  }
  if (operand !== undefined) {
    if (element === undefined) return '`operand` points into a filter object: it needs `element`.';
    if (typeof operand !== 'string' || (operand !== '' && !POINTER.test(operand))) {
      return '`operand` must be a JSON pointer into the filter object, for example `/value/value`.';
    }
  }
  const comparable = field !== undefined || match !== undefined;
  if (comparable) {
    if (typeof field !== 'string' || !POINTER.test(field)) {
      return '`field` must be a JSON pointer to the member of an item that is compared, for example `/created_at`.';
    }
    if (!FILTER_MATCHES.includes(match as FilterMatch)) {
      return `\`match\` must be one of ${FILTER_MATCHES.join(', ')}.`;
    }
  } else if (element === undefined) {
    return 'A condition without `field` and `match` compares nothing: only a filter object (`element`) may be named without them, as one the service applies but no member of an item shows.';
  }
  return {
    parameter,
    ...(element === undefined ? {} : { element: element as JsonObject }),
    operand: typeof operand === 'string' ? operand : '',
    ...(comparable ? { field: field as string, match: match as FilterMatch } : {}),
  };
}

/** The `x-filters` of a Response Object, problems placed from the response. */
export function readResponseFilters(response: unknown): Read<FilterRules> {
  const raw = rawOf(response, EXTENSION.filters);
  if (raw === undefined) return NOTHING;
  const { rules, problems } = readFilters(raw);
  return {
    value: rules,
    problems: problems.map(({ at, message }) => ({ at: [EXTENSION.filters, ...at], message })),
  };
}
