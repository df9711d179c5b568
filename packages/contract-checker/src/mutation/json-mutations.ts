import {
  deref,
  escapePointer,
  isObject,
  jsonTypeOf,
  type OpenApiDocument,
  schemaShape,
  schemaTypes,
} from '@svc-contracts/openapi-utils';
import { withChange } from '../extensions/filters.js';

export type MutationKind =
  | 'drop-required'
  | 'change-type'
  | 'leave-enum'
  | 'break-pattern'
  | 'break-format'
  | 'exceed-bound'
  | 'drop-xml-element'
  | 'break-xml-value';

/** A mutated body, written as its media type is. */
export interface BodyMutation {
  kind: MutationKind;
  description: string;
  body: string;
}

/** A value of a JSON type the schema does not allow, or undefined when it allows them all. */
function wrongTypeValue(types: string[]): unknown {
  const allows = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
  const candidates: unknown[] = ['mutant', 12345, true, { mutant: true }, ['mutant'], null];
  return candidates.find((candidate) => !allows(jsonTypeOf(candidate)));
}

function notMatching(pattern: string): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return ['~', '', ' ', 'mutant value ~', '0'].find((candidate) => !regex.test(candidate));
}

const badFormats: Record<string, string> = {
  'date-time': 'not-a-date-time',
  date: 'not-a-date',
  time: 'not-a-time',
  email: 'not-an-email',
  uri: 'not a uri',
  'uri-reference': '\\\\ not a uri reference',
  uuid: 'not-a-uuid',
  ipv4: 'not-an-ipv4',
  hostname: '-not a hostname-',
};

/** Mutations of a JSON value that its schema must reject: each with the JSON pointer of the changed (or
 * dropped) value and the whole value with the change applied (the input is not modified). */
export function jsonMutations(doc: OpenApiDocument, schema: unknown, root: unknown, limit = 60) {
  const mutations: Array<{ kind: MutationKind; pointer: string; description: string; value: unknown }> = [];
  const visit = (nodeSchema: unknown, value: unknown, path: Array<string | number>, depth: number): void => {
    if (mutations.length >= limit || depth > 12) return;
    const node = deref(doc, nodeSchema);
    if (!isObject(node)) return;
    const pointerOf = (at: Array<string | number>) =>
      at.length === 0 ? '/' : `/${at.map((key) => escapePointer(String(key))).join('/')}`;
    const pointer = pointerOf(path);
    // `at`: the changed value's path, below `path` for a dropped property.
    const add = (kind: MutationKind, text: string, replacement: unknown, at = path, remove = false) => {
      if (mutations.length >= limit) return;
      const value = withChange(root, at, replacement, remove);
      mutations.push({ kind, pointer: pointerOf(at), description: `${pointer}: ${text}`, value });
    };
    // A value under oneOf, anyOf or not may break one branch and still conform.
    if (Array.isArray(node.oneOf) || Array.isArray(node.anyOf) || node.not !== undefined) return;
    const types = schemaTypes(doc, node);
    const wrong = types.length > 0 ? wrongTypeValue(types) : undefined;
    if (wrong !== undefined) add('change-type', `${jsonTypeOf(value)} → ${jsonTypeOf(wrong)}`, wrong);
    if (Array.isArray(node.enum)) {
      const outside =
        typeof value === 'number'
          ? Math.max(...node.enum.filter((item): item is number => typeof item === 'number'), 0) + 1
          : 'not-in-enum';
      if (!node.enum.includes(outside)) add('leave-enum', `value outside the enum`, outside);
    }
    if (typeof value === 'string') {
      if (typeof node.pattern === 'string') {
        const bad = notMatching(node.pattern);
        if (bad !== undefined) add('break-pattern', `'${bad}' does not match ${node.pattern}`, bad);
      }
      if (typeof node.format === 'string' && badFormats[node.format] !== undefined)
        add('break-format', `not a ${node.format}`, badFormats[node.format]);
      if (typeof node.maxLength === 'number')
        add('exceed-bound', `longer than maxLength ${node.maxLength}`, 'x'.repeat(node.maxLength + 1));
      if (typeof node.minLength === 'number' && node.minLength > 0)
        add('exceed-bound', `shorter than minLength ${node.minLength}`, '');
    }
    if (typeof value === 'number') {
      if (typeof node.maximum === 'number')
        add('exceed-bound', `above maximum ${node.maximum}`, node.maximum + 1);
      if (typeof node.exclusiveMaximum === 'number')
        add('exceed-bound', `at exclusiveMaximum ${node.exclusiveMaximum}`, node.exclusiveMaximum);
      if (typeof node.minimum === 'number')
        add('exceed-bound', `below minimum ${node.minimum}`, node.minimum - 1);
      if (typeof node.exclusiveMinimum === 'number')
        add('exceed-bound', `at exclusiveMinimum ${node.exclusiveMinimum}`, node.exclusiveMinimum);
    }
    if (Array.isArray(value)) {
      if (typeof node.maxItems === 'number' && value.length > 0) {
        const longer = Array.from({ length: node.maxItems + 1 }, () => value[0]);
        add('exceed-bound', `more than maxItems ${node.maxItems}`, longer);
      }
      if (typeof node.minItems === 'number' && node.minItems > 0)
        add('exceed-bound', `fewer than minItems ${node.minItems}`, []);
      const { items } = schemaShape(doc, node);
      if (items !== undefined && value.length > 0) visit(items, value[0], [...path, 0], depth + 1);
    }
    if (isObject(value)) {
      const { properties, required } = schemaShape(doc, node);
      for (const name of required) {
        if (name in value)
          add('drop-required', `drop required property '${name}'`, undefined, [...path, name], true);
      }
      for (const [name, propertySchema] of Object.entries(properties)) {
        if (name in value) visit(propertySchema, value[name], [...path, name], depth + 1);
      }
    }
  };
  visit(schema, root, [], 0);
  return mutations.slice(0, limit);
}
