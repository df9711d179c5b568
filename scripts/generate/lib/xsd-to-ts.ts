import { generatedHeader } from './header.ts';
import {
  type ComplexType,
  type ElementDecl,
  loadSchemaSet,
  type SimpleType,
  type TypeRef,
} from './renderable-xsd.ts';

/** One XML document the generator types: its TypeScript name, XSD file (relative to the XSD folder) and root. */
export interface XsdDocumentSource {
  typeName: string;
  file: string;
  element: string;
}

export interface RenderedXmlDocuments {
  source: string;
  /** Every XSD file the documents need (entries and includes), relative to the XSD folder, sorted. */
  xsdFiles: string[];
}

// A named simple type called like a JavaScript global (the number schemas have `Boolean`) would shadow
// it inside the generated module; such a type is written as its primitive instead of an alias.
const GLOBAL_NAMES = new Set([
  'Array',
  'BigInt',
  'Boolean',
  'Date',
  'Error',
  'Function',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'RegExp',
  'Set',
  'String',
  'Symbol',
]);

/**
 * TypeScript types and run-time descriptors for XML documents, from their XSDs. The types give the
 * shape `parseXml` produces (one property per child element, repeated elements as arrays, booleans and
 * integers typed); the descriptors carry what building and parsing need at run time (child order, and
 * whether it is fixed (`xs:sequence`) or free (`xs:all`), occurrence bounds, value types), so both follow the schema and nothing is written twice by hand.
 */
export function renderXmlDocuments(
  service: string,
  xsdDir: string,
  documents: readonly XsdDocumentSource[],
): RenderedXmlDocuments {
  const simpleTypes = new Map<string, SimpleType>();
  const complexTypes = new Map<string, ComplexType>();
  const files = new Set<string>();
  const roots: Array<{ source: XsdDocumentSource; element: ElementDecl }> = [];
  for (const source of documents) {
    const set = loadSchemaSet(xsdDir, source.file);
    for (const file of set.files) files.add(file);
    mergeNamed(simpleTypes, set.simpleTypes, source.file);
    mergeNamed(complexTypes, set.complexTypes, source.file);
    const element = set.rootElements.find((candidate) => candidate.name === source.element);
    if (element === undefined)
      throw new Error(`${source.file} declares no global element ${source.element}.`);
    if (element.type.kind !== 'complex')
      throw new Error(`${source.file}: root ${source.element} is not complex.`);
    roots.push({ source, element });
  }
  const taken = new Set([...GLOBAL_NAMES, ...roots.map((root) => root.source.typeName)]);
  for (const name of complexTypes.keys()) {
    if (taken.has(name))
      throw new Error(`The XSD complex type ${name} collides with a document or global name.`);
  }

  const out: string[] = [
    generatedHeader(service),
    '',
    "import type { XmlDocumentDescriptor } from '../xml/descriptor.js';",
    '',
  ];
  for (const [name, type] of sorted(simpleTypes)) {
    if (GLOBAL_NAMES.has(name) || complexTypes.has(name) || taken.has(name)) continue;
    out.push(...docComment(simpleDoc(type), ''), `export type ${name} = ${primitive(type)};`, '');
  }
  for (const [name, type] of sorted(complexTypes)) {
    out.push(...docComment(type.doc, ''), `export interface ${name} {`, ...members(type, '  '), '}', '');
  }
  for (const { source, element } of roots) {
    const type = (element.type as { type: ComplexType }).type;
    const doc = `${element.doc ?? ''} Root element ${element.name} of ${source.file}.`.trim();
    if (element.type.named && type.name !== undefined) {
      out.push(...docComment(doc, ''), `export type ${source.typeName} = ${type.name};`, '');
    } else {
      out.push(
        ...docComment(doc, ''),
        `export interface ${source.typeName} {`,
        ...members(type, '  '),
        '}',
        '',
      );
    }
  }
  out.push(
    '/** Each document by name: its TypeScript type. */',
    'export interface XmlDocumentTypes {',
    ...roots.map(({ source }) => `  ${source.typeName}: ${source.typeName};`),
    '}',
    '',
    'export type XmlDocumentName = keyof XmlDocumentTypes;',
    '',
    '/** Each document by name: root element, XSD file (in the package `xsd/` folder) and structure. */',
    'export const xmlDocuments: { readonly [Name in XmlDocumentName]: XmlDocumentDescriptor } = {',
    ...roots.map(
      ({ source, element }) =>
        `  ${source.typeName}: ${JSON.stringify({ root: element.name, xsd: source.file, content: descriptor(element.type) })},`,
    ),
    '};',
    '',
  );
  return { source: out.join('\n'), xsdFiles: [...files].sort() };

  function members(type: ComplexType, indent: string): string[] {
    const lines: string[] = [];
    for (const child of type.children) {
      const repeated = child.maxOccurs === null || child.maxOccurs > 1;
      const optional = !repeated && child.minOccurs === 0;
      const expression = fixedExpression(child) ?? typeExpression(child.type, indent);
      const valueType = repeated
        ? `${/[|&]/.test(expression) ? `(${expression})` : expression}[]`
        : expression;
      lines.push(
        ...docComment(elementDoc(child, repeated), indent),
        `${indent}${propertyName(child.name)}${optional ? '?' : ''}: ${valueType};`,
      );
    }
    return lines;
  }

  function typeExpression(ref: TypeRef, indent: string): string {
    if (ref.kind === 'simple') {
      const name = ref.type.name;
      if (ref.named && name !== undefined && !GLOBAL_NAMES.has(name) && !taken.has(name)) return name;
      return primitive(ref.type);
    }
    if (ref.named && ref.type.name !== undefined) return ref.type.name;
    return ['{', ...members(ref.type, `${indent}  `), `${indent}}`].join('\n');
  }
}

/** An element with a `fixed` value of a string type is that literal (`ErrorCode: "400"`). */
function fixedExpression(element: ElementDecl): string | undefined {
  if (element.fixed === undefined || element.type.kind !== 'simple') return undefined;
  if (element.type.type.valueType !== 'string') return undefined;
  return JSON.stringify(element.fixed);
}

function descriptor(ref: TypeRef): unknown {
  if (ref.kind === 'simple') return { kind: 'simple', type: ref.type.valueType };
  return {
    kind: 'complex',
    order: ref.type.order,
    children: ref.type.children.map((child) => ({
      name: child.name,
      min: child.minOccurs,
      max: child.maxOccurs ?? 'unbounded',
      content: descriptor(child.type),
    })),
  };
}

function primitive(type: SimpleType): string {
  if (type.enumeration.length > 0) return type.enumeration.map((value) => JSON.stringify(value)).join(' | ');
  if (type.valueType === 'boolean') return 'boolean';
  if (type.valueType === 'integer') return 'number';
  return 'string';
}

function simpleDoc(type: SimpleType): string {
  const facts = [type.doc ?? ''];
  if (type.builtin !== 'string' && type.valueType === 'string') facts.push(`(xs:${type.builtin})`);
  for (const pattern of type.patterns) facts.push(`@pattern ${pattern}`);
  return facts.join(' ').trim();
}

function elementDoc(element: ElementDecl, repeated: boolean): string {
  const facts = [element.doc ?? ''];
  if (repeated) {
    const most = element.maxOccurs === null ? '' : `, at most ${element.maxOccurs}`;
    facts.push(`(repeated: at least ${element.minOccurs}${most})`);
  }
  if (element.type.kind === 'simple' && !element.type.named) {
    if (element.type.type.builtin !== 'string' && element.type.type.valueType === 'string') {
      facts.push(`(xs:${element.type.type.builtin})`);
    }
    for (const pattern of element.type.type.patterns) facts.push(`@pattern ${pattern}`);
  }
  return facts.join(' ').trim();
}

function docComment(text: string | undefined, indent: string): string[] {
  if (text === undefined || text === '') return [];
  return [`${indent}/** ${text.replaceAll('*/', '*\\/')} */`];
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function mergeNamed<T>(into: Map<string, T>, from: Map<string, T>, file: string): void {
  for (const [name, type] of from) {
    const known = into.get(name);
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(type)) {
      throw new Error(`${file}: type ${name} differs from the type of that name in another schema.`);
    }
    into.set(name, type);
  }
}

function sorted<T>(map: Map<string, T>): Array<[string, T]> {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
