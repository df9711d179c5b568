/**
 * XSD <-> OpenAPI consistency check for XML media types.
 *
 * For a media type with `x-xsd: { schema, element, legacySchema? }`, it builds two element trees and
 * compares them:
 *  - from the XSD (read by `@svc-contracts/xsd-model`): the global element `element`, its xs:sequence
 *    or xs:all children, minOccurs / maxOccurs and the simple type of every leaf (followed to its
 *    built-in base, with its patterns, enumeration and `fixed` value);
 *  - from the OpenAPI schema and its `xml` objects: `xml.name`, property order, `required`, arrays
 *    (`xml.wrapped`, `items.xml.name`, `minItems` / `maxItems`) and leaf `type` / `format` / `pattern` /
 *    `enum` / `const` (an `anyOf` / `oneOf` leaf matches when one alternative matches).
 *
 * It reports element names, order (only under an xs:sequence: xs:all leaves it free), requiredness (minOccurs 0 or at least 1), repetition (maxOccurs),
 * structure (simple vs complex) and leaf types that differ. Of what the XSD model reads, it compares
 * elements in xs:sequence (nested sequences flattened) or xs:all and simple types (built-in, patterns,
 * enumeration, fixed); xs:choice, attributes, and anything the model refuses, are reported as
 * `unsupported` rather than silently ignored.
 */
import { join } from 'node:path';
import {
  type ComplexType,
  type Compositor,
  type ElementDecl,
  effectiveSimpleType,
  loadXsd,
  type MaxOccurs,
  XsdModelError,
  type XsdSchema,
} from '@svc-contracts/xsd-model';
import { isJsonObject, type Json, type JsonObject, resolveNode, type XsdRef } from './spec.ts';

export type IssueKind =
  | 'root'
  | 'order'
  | 'missing-in-openapi'
  | 'missing-in-xsd'
  | 'required'
  | 'repetition'
  | 'structure'
  | 'type'
  | 'unsupported';

export interface ConsistencyIssue {
  kind: IssueKind;
  /** Element path, for example `Order/ExistingTelephoneNumberOrderType/TelephoneNumberList`. */
  path: string;
  message: string;
}

interface TreeNode<Leaf> {
  name: string;
  min: number;
  max: MaxOccurs;
  children?: TreeNode<Leaf>[];
  /** XSD side: the children are in an xs:all, so their order is free. */
  anyOrder?: boolean;
  leaf?: Leaf;
}

export interface XsdSimpleType {
  builtin: string;
  patterns: string[];
  enumeration: string[] | null;
  fixed?: string;
}

export interface OasScalar {
  type: string | undefined;
  format: string | undefined;
  pattern: string | undefined;
  enum: string[] | undefined;
  const?: string;
}

/** Reads a schema file; tests pass one that edits the real XSDs. */
export type ReadFile = (path: string) => string;

// ---------------------------------------------------------------------------------------------------
// XSD side

class Unsupported extends Error {}

function simpleTypeOf(schema: XsdSchema, type: ElementDecl['type']): XsdSimpleType {
  if (type.kind === 'complex') throw new Unsupported('a complex type where a simple type is expected');
  const { builtin, facets } = effectiveSimpleType(schema, type);
  return {
    builtin,
    patterns: facets.patterns,
    enumeration: facets.enumeration.length > 0 ? facets.enumeration : null,
  };
}

function xsdElement(schema: XsdSchema, decl: ElementDecl, path: string, depth = 0): TreeNode<XsdSimpleType> {
  if (depth > 64) throw new Unsupported(`${path}: element nesting too deep (recursive type?)`);
  const here = path ? `${path}/${decl.name}` : decl.name;
  const node: TreeNode<XsdSimpleType> = { name: decl.name, min: decl.minOccurs, max: decl.maxOccurs };
  const type =
    decl.type.kind === 'named' ? (schema.complexTypes.get(decl.type.name) ?? decl.type) : decl.type;
  if (type.kind === 'complex') {
    node.children = complexChildren(schema, type, here, depth);
    if (type.content?.kind === 'all' || isAnyCountChoice(type.content)) node.anyOrder = true;
  } else {
    node.leaf = simpleTypeOf(schema, type);
    if (decl.fixed !== undefined) node.leaf.fixed = decl.fixed;
  }
  return node;
}

function complexChildren(
  schema: XsdSchema,
  type: ComplexType,
  path: string,
  depth: number,
): TreeNode<XsdSimpleType>[] {
  if (type.attributes.length > 0) throw new Unsupported(`${path}: XML attributes`);
  return type.content === undefined ? [] : sequenceChildren(schema, type.content, path, depth);
}

function isAnyCountChoice(content: Compositor | undefined): boolean {
  return content?.kind === 'choice' && content.minOccurs === 0 && content.maxOccurs === 'unbounded';
}

/**
 * A sequence of elements and of nested sequences that occur exactly once, or a choice of elements repeated
 * without bound: anything else is reported.
 */
function sequenceChildren(
  schema: XsdSchema,
  sequence: Compositor,
  path: string,
  depth: number,
): TreeNode<XsdSimpleType>[] {
  if (isAnyCountChoice(sequence)) {
    // Each element of a choice repeated without bound occurs any number of times, in any order.
    return sequence.particles.map((particle) => {
      if (particle.kind !== 'element') throw new Unsupported(`${path}: a group inside a repeated xs:choice`);
      return { ...xsdElement(schema, particle, path, depth + 1), min: 0, max: 'unbounded' as const };
    });
  }
  if (sequence.kind !== 'sequence' && sequence.kind !== 'all')
    throw new Unsupported(`${path}: content other than xs:sequence or xs:all (xs:${sequence.kind})`);
  if (sequence.minOccurs !== 1 || sequence.maxOccurs !== 1)
    throw new Unsupported(`${path}: an xs:${sequence.kind} with minOccurs or maxOccurs`);
  return sequence.particles.flatMap((particle) =>
    particle.kind === 'element'
      ? [xsdElement(schema, particle, path, depth + 1)]
      : sequenceChildren(schema, particle, path, depth),
  );
}

/** The element tree of a global element of the schema set. */
export function xsdElementTree(schema: XsdSchema, element: string): TreeNode<XsdSimpleType> {
  const decl = schema.elements.get(element);
  if (!decl) throw new Unsupported(`no global element ${element}`);
  return xsdElement(schema, decl, '');
}

// ---------------------------------------------------------------------------------------------------
// OpenAPI side

function xmlObject(schema: JsonObject): JsonObject {
  return isJsonObject(schema.xml) ? schema.xml : {};
}

function asStringArray(value: Json | undefined): string[] | undefined {
  return Array.isArray(value) ? value.map(String) : undefined;
}

function scalarOf(schema: JsonObject): OasScalar {
  return {
    type: typeof schema.type === 'string' ? schema.type : undefined,
    format: typeof schema.format === 'string' ? schema.format : undefined,
    pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
    enum: asStringArray(schema.enum),
    ...(typeof schema.const === 'string' ? { const: schema.const } : {}),
  };
}

function oasElement(
  doc: JsonObject,
  raw: Json | undefined,
  name: string,
  occurs: { min: number; max: MaxOccurs },
  path: string,
  depth = 0,
): TreeNode<OasScalar[]> {
  if (depth > 64) throw new Unsupported(`${path}: schema nesting too deep (recursive schema?)`);
  const schema = resolveNode(doc, raw);
  if (!isJsonObject(schema)) throw new Unsupported(`${path}/${name}: schema is not an object`);
  const xml = xmlObject(schema);
  if (xml.attribute === true) throw new Unsupported(`${path}/${name}: XML attributes`);
  const elementName = typeof xml.name === 'string' ? xml.name : name;
  const here = path ? `${path}/${elementName}` : elementName;
  if (schema.type === 'object' || isJsonObject(schema.properties)) {
    const required = asStringArray(schema.required) ?? [];
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const children: TreeNode<OasScalar[]>[] = [];
    for (const [property, propertySchema] of Object.entries(properties)) {
      children.push(
        ...oasProperty(doc, propertySchema, property, required.includes(property), here, depth + 1),
      );
    }
    return { name: elementName, ...occurs, children };
  }
  if (schema.type === 'array') throw new Unsupported(`${here}: an array must be a property, not a document`);
  const alternatives = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  const leaf = alternatives
    ? alternatives.map((alternative) => {
        const resolved = resolveNode(doc, alternative);
        if (!isJsonObject(resolved)) throw new Unsupported(`${here}: anyOf alternative is not an object`);
        return scalarOf(resolved);
      })
    : [scalarOf(schema)];
  return { name: elementName, ...occurs, leaf };
}

/** A property becomes one element, or (unwrapped array) a repeated element, or (wrapped) a list element. */
function oasProperty(
  doc: JsonObject,
  raw: Json | undefined,
  property: string,
  required: boolean,
  path: string,
  depth: number,
): TreeNode<OasScalar[]>[] {
  const schema = resolveNode(doc, raw);
  if (!isJsonObject(schema)) throw new Unsupported(`${path}/${property}: schema is not an object`);
  if (schema.type !== 'array')
    return [oasElement(doc, schema, property, { min: required ? 1 : 0, max: 1 }, path, depth)];
  const items = resolveNode(doc, schema.items);
  if (!isJsonObject(items)) throw new Unsupported(`${path}/${property}: array without items`);
  const itemXml = xmlObject(items);
  const itemName = typeof itemXml.name === 'string' ? itemXml.name : property;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems: MaxOccurs = typeof schema.maxItems === 'number' ? schema.maxItems : 'unbounded';
  const xml = xmlObject(schema);
  if (xml.wrapped === true) {
    const wrapperName = typeof xml.name === 'string' ? xml.name : property;
    const here = `${path}/${wrapperName}`;
    const item = oasElement(doc, items, itemName, { min: minItems, max: maxItems }, here, depth + 1);
    return [{ name: wrapperName, min: required ? 1 : 0, max: 1, children: [item] }];
  }
  return [oasElement(doc, items, itemName, { min: required ? minItems : 0, max: maxItems }, path, depth)];
}

/** The element tree an OpenAPI schema describes with its `xml` objects (root: `xml.name`). */
export function openApiElementTree(doc: JsonObject, schema: Json | undefined): TreeNode<OasScalar[]> {
  const resolved = resolveNode(doc, schema);
  if (!isJsonObject(resolved)) throw new Unsupported('schema is not an object');
  const xml = xmlObject(resolved);
  if (typeof xml.name !== 'string') throw new Unsupported('the document schema has no xml.name');
  return oasElement(doc, resolved, xml.name, { min: 1, max: 1 }, '');
}

// ---------------------------------------------------------------------------------------------------
// Comparison

/**
 * xs:date and xs:dateTime take an optional time zone, which OpenAPI's `format: date` (no zone) and
 * `format: date-time` (offset required) do not: their mirror is the lexical form as a pattern.
 */
export const XSD_DATE_PATTERN = '^-?[0-9]{4,}-[0-9]{2}-[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})?$';
export const XSD_DATE_TIME_PATTERN =
  '^-?[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})?$';

const BUILTIN_TO_OPENAPI: Record<string, { type: string; format?: string; pattern?: string }> = {
  string: { type: 'string' },
  normalizedString: { type: 'string' },
  token: { type: 'string' },
  boolean: { type: 'boolean' },
  integer: { type: 'integer' },
  int: { type: 'integer', format: 'int32' },
  long: { type: 'integer', format: 'int64' },
  decimal: { type: 'number' },
  double: { type: 'number', format: 'double' },
  float: { type: 'number', format: 'float' },
  date: { type: 'string', pattern: XSD_DATE_PATTERN },
  dateTime: { type: 'string', pattern: XSD_DATE_TIME_PATTERN },
  time: { type: 'string', format: 'time' },
  anyURI: { type: 'string', format: 'uri' },
};

function describeXsd(type: XsdSimpleType): string {
  const facets = [
    ...type.patterns.map((pattern) => `pattern ${pattern}`),
    ...(type.enumeration ? [`enumeration ${type.enumeration.join('|')}`] : []),
  ];
  return `xs:${type.builtin}${facets.length > 0 ? ` (${facets.join(', ')})` : ''}`;
}

function describeOas(scalar: OasScalar): string {
  const parts = [scalar.type ?? 'no type'];
  if (scalar.format) parts.push(`format ${scalar.format}`);
  if (scalar.pattern) parts.push(`pattern ${scalar.pattern}`);
  if (scalar.enum) parts.push(`enum ${scalar.enum.join('|')}`);
  return parts.join(', ');
}

/** Why an OpenAPI scalar does not describe the XSD simple type, or null when it does. */
export function simpleTypeMismatch(xsd: XsdSimpleType, oas: OasScalar): string | null {
  const expected = BUILTIN_TO_OPENAPI[xsd.builtin];
  if (!expected) return `xs:${xsd.builtin} has no OpenAPI counterpart in this check`;
  if (oas.type !== expected.type) return `type ${oas.type ?? '(none)'} instead of ${expected.type}`;
  if (oas.format !== expected.format)
    return `format ${oas.format ?? '(none)'} instead of ${expected.format ?? '(none)'}`;
  if (xsd.patterns.length > 1) return 'several XSD patterns cannot be compared with one OpenAPI pattern';
  const [pattern] = xsd.patterns;
  if (pattern === undefined && expected.pattern !== undefined) {
    if (oas.pattern !== expected.pattern)
      return `pattern ${oas.pattern ?? '(none)'} instead of ${expected.pattern} (the lexical form of xs:${xsd.builtin})`;
  } else if (pattern === undefined) {
    if (oas.pattern !== undefined) return `OpenAPI pattern ${oas.pattern} is not in the XSD`;
  } else if (oas.pattern !== `^${pattern}$` && oas.pattern !== `^(?:${pattern})$`) {
    return `pattern ${oas.pattern ?? '(none)'} instead of ^${pattern}$`;
  }
  const xsdEnum = xsd.enumeration ? [...xsd.enumeration].sort() : null;
  const oasEnum = oas.enum ? [...oas.enum].sort() : null;
  if (JSON.stringify(xsdEnum) !== JSON.stringify(oasEnum)) {
    return `enum ${oasEnum?.join('|') ?? '(none)'} instead of ${xsdEnum?.join('|') ?? '(none)'}`;
  }
  if (xsd.fixed !== oas.const)
    return `const ${oas.const ?? '(none)'} instead of the XSD fixed value ${xsd.fixed ?? '(none)'}`;
  return null;
}

function isRequired(min: number): boolean {
  return min > 0;
}

function compareNodes(
  xsd: TreeNode<XsdSimpleType>,
  oas: TreeNode<OasScalar[]>,
  path: string,
  issues: ConsistencyIssue[],
): void {
  if (xsd.min !== oas.min) {
    issues.push({
      kind: 'required',
      path,
      message: `XSD minOccurs ${xsd.min} (${isRequired(xsd.min) ? 'required' : 'optional'}), OpenAPI ${oas.min} (${isRequired(oas.min) ? 'required' : 'optional'})`,
    });
  }
  if (xsd.max !== oas.max) {
    issues.push({ kind: 'repetition', path, message: `XSD maxOccurs ${xsd.max}, OpenAPI ${oas.max}` });
  }
  if (xsd.children && oas.children) {
    compareChildren(xsd.children, oas.children, path, issues, xsd.anyOrder === true);
  } else if (xsd.leaf && oas.leaf) {
    const reasons = oas.leaf.map((alternative) => simpleTypeMismatch(xsd.leaf as XsdSimpleType, alternative));
    if (!reasons.includes(null)) {
      issues.push({
        kind: 'type',
        path,
        message: `XSD ${describeXsd(xsd.leaf)}; OpenAPI ${oas.leaf.map(describeOas).join(' or ')}: ${reasons.join('; ')}`,
      });
    }
  } else {
    issues.push({
      kind: 'structure',
      path,
      message: `XSD declares ${xsd.children ? 'child elements' : 'a simple value'}, OpenAPI ${oas.children ? 'child elements' : 'a simple value'}`,
    });
  }
}

function compareChildren(
  xsd: TreeNode<XsdSimpleType>[],
  oas: TreeNode<OasScalar[]>[],
  path: string,
  issues: ConsistencyIssue[],
  anyOrder: boolean,
): void {
  const xsdNames = xsd.map((node) => node.name);
  const oasNames = oas.map((node) => node.name);
  for (const name of new Set(xsdNames)) {
    if (!oasNames.includes(name)) {
      issues.push({
        kind: 'missing-in-openapi',
        path: `${path}/${name}`,
        message: `XSD element ${name} has no OpenAPI property`,
      });
    }
  }
  for (const name of new Set(oasNames)) {
    if (!xsdNames.includes(name)) {
      issues.push({
        kind: 'missing-in-xsd',
        path: `${path}/${name}`,
        message: `OpenAPI element ${name} is not declared in the XSD`,
      });
    }
  }
  const common = (names: string[], other: string[]) => names.filter((name) => other.includes(name));
  const xsdOrder = common(xsdNames, oasNames);
  const oasOrder = common(oasNames, xsdNames);
  if (!anyOrder && xsdOrder.join('\u0000') !== oasOrder.join('\u0000')) {
    issues.push({
      kind: 'order',
      path,
      message: `XSD order ${xsdOrder.join(', ')}; OpenAPI order ${oasOrder.join(', ')}`,
    });
  }
  const seen = new Map<string, number>();
  for (const xsdNode of xsd) {
    const occurrence = seen.get(xsdNode.name) ?? 0;
    seen.set(xsdNode.name, occurrence + 1);
    const oasNode = oas.filter((node) => node.name === xsdNode.name)[occurrence];
    if (oasNode) compareNodes(xsdNode, oasNode, `${path}/${xsdNode.name}`, issues);
  }
}

/** Compares one XSD (entry file and root element) with the OpenAPI schema of a media type. */
export function checkSchemaAgainstXsd(
  doc: JsonObject,
  schema: Json | undefined,
  xsdPath: string,
  element: string,
  read?: ReadFile,
): ConsistencyIssue[] {
  try {
    const set = loadXsd(xsdPath, { readFile: read });
    if (!set.elements.has(element)) {
      return [{ kind: 'root', path: element, message: `the XSD declares no global element ${element}` }];
    }
    const xsdTree = xsdElementTree(set, element);
    const oasTree = openApiElementTree(doc, schema);
    if (oasTree.name !== element) {
      return [
        {
          kind: 'root',
          path: element,
          message: `OpenAPI xml.name is ${oasTree.name}, x-xsd.element is ${element}`,
        },
      ];
    }
    const issues: ConsistencyIssue[] = [];
    compareNodes(xsdTree, oasTree, element, issues);
    return issues;
  } catch (error) {
    if (error instanceof Unsupported || error instanceof XsdModelError)
      return [{ kind: 'unsupported', path: element, message: error.message }];
    throw error;
  }
}

export interface MediaTypeCheck {
  where: string;
  xsdFile: string;
  issues: ConsistencyIssue[];
}

/** Checks `schema` and, when present, `legacySchema` of an `x-xsd` against the media type's schema. */
export function checkMediaType(
  doc: JsonObject,
  mediaType: { where: string; schema: Json | undefined; xsd: XsdRef },
  serviceDir: string,
  read?: ReadFile,
): MediaTypeCheck[] {
  const files = [mediaType.xsd.schema, ...(mediaType.xsd.legacySchema ? [mediaType.xsd.legacySchema] : [])];
  return files.map((file) => ({
    where: mediaType.where,
    xsdFile: file,
    issues: checkSchemaAgainstXsd(doc, mediaType.schema, join(serviceDir, file), mediaType.xsd.element, read),
  }));
}
