import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { parseXml } from '@svc-contracts/xml-validator';

/**
 * The XSD subset the number-management schemas use, read into a small model: global elements, named and
 * anonymous complex types made of one `sequence` of elements, simple types restricting a built-in type
 * with `pattern` and `enumeration` facets, and `include`. Anything else (attributes, choice, all,
 * extension, import, groups, mixed content) is refused with the file and construct named, so the
 * generator never emits a type that silently disagrees with the schema.
 */

export type ValueType = 'string' | 'boolean' | 'integer';

export interface SimpleType {
  name?: string;
  doc?: string;
  /** The built-in type it finally restricts, as a value type. */
  valueType: ValueType;
  /** The built-in type's local name (`dateTime`, `anyURI`), for documentation. */
  builtin: string;
  enumeration: string[];
  patterns: string[];
}

export interface ComplexType {
  name?: string;
  doc?: string;
  children: ElementDecl[];
}

export type TypeRef =
  | { kind: 'simple'; type: SimpleType; named: boolean }
  | { kind: 'complex'; type: ComplexType; named: boolean };

export interface ElementDecl {
  name: string;
  doc?: string;
  minOccurs: number;
  /** `null` for unbounded. */
  maxOccurs: number | null;
  type: TypeRef;
}

export interface SchemaSet {
  /** Every file read (the entry and what it includes), relative to the XSD folder, in reading order. */
  files: string[];
  /** The global elements of the entry file. */
  rootElements: ElementDecl[];
  complexTypes: Map<string, ComplexType>;
  simpleTypes: Map<string, SimpleType>;
}

const BUILTINS: Readonly<Record<string, ValueType>> = {
  string: 'string',
  normalizedString: 'string',
  token: 'string',
  anyURI: 'string',
  date: 'string',
  dateTime: 'string',
  boolean: 'boolean',
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  nonNegativeInteger: 'integer',
  positiveInteger: 'integer',
};

type XmlNode = Record<string, unknown>;

interface RawSchema {
  file: string;
  prefix: string;
  node: XmlNode;
}

/** Reads `entryFile` (relative to `xsdDir`) and every schema it includes. */
export function loadSchemaSet(xsdDir: string, entryFile: string): SchemaSet {
  const raw: RawSchema[] = [];
  const pending = [entryFile];
  while (pending.length > 0) {
    const file = pending.shift() as string;
    if (raw.some((schema) => schema.file === file)) continue;
    const schema = readSchema(xsdDir, file);
    raw.push(schema);
    for (const include of children(schema.node, `${schema.prefix}:include`)) {
      const location = attribute(include, 'schemaLocation', file);
      pending.push(relative(xsdDir, resolve(xsdDir, dirname(file), location)));
    }
  }
  return new SchemaReader(raw).read();
}

function readSchema(xsdDir: string, file: string): RawSchema {
  const text = readFileSync(resolve(xsdDir, file), 'utf8');
  const document = parseXml<XmlNode>(text, { isArray: () => true, fileName: file });
  const rootName = Object.keys(document).find((key) => /^([A-Za-z_][\w.-]*:)?schema$/.test(key));
  const root = rootName === undefined ? undefined : (document[rootName] as XmlNode[])[0];
  if (rootName === undefined || root === undefined)
    throw new Error(`${file}: the root element is not an XSD schema.`);
  const prefix = rootName.includes(':') ? rootName.slice(0, rootName.indexOf(':')) : '';
  if (prefix === '') throw new Error(`${file}: an unprefixed XSD namespace is not supported; use xs:.`);
  return { file, prefix, node: root };
}

class SchemaReader {
  private readonly complexTypes = new Map<string, ComplexType>();
  private readonly simpleTypes = new Map<string, SimpleType>();
  private readonly rawComplex = new Map<string, RawSchema & { decl: XmlNode }>();
  private readonly rawSimple = new Map<string, RawSchema & { decl: XmlNode }>();

  constructor(private readonly schemas: RawSchema[]) {
    for (const schema of schemas) {
      checkOnly(schema, schema.node, ['annotation', 'include', 'element', 'complexType', 'simpleType']);
      for (const decl of children(schema.node, `${schema.prefix}:complexType`)) {
        this.register(this.rawComplex, schema, decl);
      }
      for (const decl of children(schema.node, `${schema.prefix}:simpleType`)) {
        this.register(this.rawSimple, schema, decl);
      }
    }
  }

  read(): SchemaSet {
    const [entry] = this.schemas;
    if (entry === undefined) throw new Error('No schema to read.');
    const rootElements = children(entry.node, `${entry.prefix}:element`).map((decl) =>
      this.element(entry, decl, true),
    );
    for (const name of this.rawComplex.keys()) this.namedComplex(name);
    for (const name of this.rawSimple.keys()) this.namedSimple(name);
    return {
      files: this.schemas.map((schema) => schema.file),
      rootElements,
      complexTypes: this.complexTypes,
      simpleTypes: this.simpleTypes,
    };
  }

  private register(into: Map<string, RawSchema & { decl: XmlNode }>, schema: RawSchema, decl: XmlNode): void {
    const name = attribute(decl, 'name', schema.file);
    if (into.has(name)) throw new Error(`${schema.file}: type ${name} is declared twice.`);
    into.set(name, { ...schema, decl });
  }

  private element(schema: RawSchema, decl: XmlNode, global: boolean): ElementDecl {
    const name = attribute(decl, 'name', schema.file);
    checkOnly(
      schema,
      decl,
      ['annotation', 'complexType', 'simpleType'],
      ['name', 'type', 'minOccurs', 'maxOccurs'],
    );
    if (global && (decl['@_minOccurs'] !== undefined || decl['@_maxOccurs'] !== undefined)) {
      throw new Error(`${schema.file}: global element ${name} may not set minOccurs or maxOccurs.`);
    }
    const typeName = decl['@_type'];
    const inlineComplex = children(decl, `${schema.prefix}:complexType`)[0];
    const inlineSimple = children(decl, `${schema.prefix}:simpleType`)[0];
    let type: TypeRef;
    if (typeof typeName === 'string') type = this.reference(schema, typeName);
    else if (inlineComplex !== undefined)
      type = { kind: 'complex', type: this.complex(schema, inlineComplex), named: false };
    else if (inlineSimple !== undefined)
      type = { kind: 'simple', type: this.simple(schema, inlineSimple), named: false };
    else
      throw new Error(
        `${schema.file}: element ${name} has no type (an xs:anyType element is not supported).`,
      );
    const maxOccurs = String(decl['@_maxOccurs'] ?? '1');
    const element: ElementDecl = {
      name,
      minOccurs: Number(decl['@_minOccurs'] ?? '1'),
      maxOccurs: maxOccurs === 'unbounded' ? null : Number(maxOccurs),
      type,
    };
    return withDoc(element, documentation(schema, decl));
  }

  private reference(schema: RawSchema, typeName: string): TypeRef {
    const builtinPrefix = `${schema.prefix}:`;
    if (typeName.startsWith(builtinPrefix)) {
      return {
        kind: 'simple',
        type: builtinType(typeName.slice(builtinPrefix.length), schema.file),
        named: false,
      };
    }
    if (typeName.includes(':'))
      throw new Error(`${schema.file}: type ${typeName} is in another namespace (not supported).`);
    if (this.rawComplex.has(typeName))
      return { kind: 'complex', type: this.namedComplex(typeName), named: true };
    if (this.rawSimple.has(typeName))
      return { kind: 'simple', type: this.namedSimple(typeName), named: true };
    throw new Error(`${schema.file}: type ${typeName} is not declared in the schema or its includes.`);
  }

  private namedComplex(name: string): ComplexType {
    const known = this.complexTypes.get(name);
    if (known !== undefined) return known;
    const raw = this.rawComplex.get(name) as RawSchema & { decl: XmlNode };
    const type = this.complex(raw, raw.decl);
    this.complexTypes.set(name, type);
    return type;
  }

  private namedSimple(name: string): SimpleType {
    const known = this.simpleTypes.get(name);
    if (known !== undefined) return known;
    const raw = this.rawSimple.get(name) as RawSchema & { decl: XmlNode };
    const type = this.simple(raw, raw.decl);
    this.simpleTypes.set(name, type);
    return type;
  }

  private complex(schema: RawSchema, decl: XmlNode): ComplexType {
    checkOnly(schema, decl, ['annotation', 'sequence'], ['name']);
    const sequence = children(decl, `${schema.prefix}:sequence`);
    if (sequence.length > 1) throw new Error(`${schema.file}: a complex type has more than one sequence.`);
    const elements: ElementDecl[] = [];
    const [only] = sequence;
    if (only !== undefined) {
      checkOnly(schema, only, ['annotation', 'element']);
      for (const child of children(only, `${schema.prefix}:element`))
        elements.push(this.element(schema, child, false));
    }
    const type: ComplexType = { children: elements };
    if (typeof decl['@_name'] === 'string') type.name = decl['@_name'];
    return withDoc(type, documentation(schema, decl));
  }

  private simple(schema: RawSchema, decl: XmlNode): SimpleType {
    checkOnly(schema, decl, ['annotation', 'restriction'], ['name']);
    const [restriction] = children(decl, `${schema.prefix}:restriction`);
    if (restriction === undefined)
      throw new Error(`${schema.file}: only xs:restriction simple types are supported.`);
    checkOnly(schema, restriction, ['annotation', 'pattern', 'enumeration'], ['base']);
    const base = this.reference(schema, attribute(restriction, 'base', schema.file));
    if (base.kind !== 'simple') throw new Error(`${schema.file}: a simple type restricts a complex type.`);
    const enumeration = children(restriction, `${schema.prefix}:enumeration`).map((facet) =>
      attribute(facet, 'value', schema.file),
    );
    const patterns = children(restriction, `${schema.prefix}:pattern`).map((facet) =>
      attribute(facet, 'value', schema.file),
    );
    const type: SimpleType = {
      valueType: base.type.valueType,
      builtin: base.type.builtin,
      enumeration: enumeration.length > 0 ? enumeration : base.type.enumeration,
      patterns: [...base.type.patterns, ...patterns],
    };
    if (typeof decl['@_name'] === 'string') type.name = decl['@_name'];
    return withDoc(type, documentation(schema, decl));
  }
}

function builtinType(localName: string, file: string): SimpleType {
  const valueType = BUILTINS[localName];
  if (valueType === undefined) throw new Error(`${file}: built-in type xs:${localName} is not supported.`);
  return { valueType, builtin: localName, enumeration: [], patterns: [] };
}

function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  if (value === undefined) return [];
  return (value as unknown[]).map((child) =>
    typeof child === 'object' && child !== null ? (child as XmlNode) : {},
  );
}

/** Refuses child elements and attributes outside the supported subset, naming them. */
function checkOnly(schema: RawSchema, node: XmlNode, elements: string[], attributes: string[] = []): void {
  for (const key of Object.keys(node)) {
    if (key === '#text') continue;
    if (key.startsWith('@_')) {
      const name = key.slice(2);
      if (name.startsWith('xmlns') || name === 'elementFormDefault' || attributes.includes(name)) continue;
      throw new Error(`${schema.file}: the XSD attribute ${name} is not supported by the generator.`);
    }
    const local = key.startsWith(`${schema.prefix}:`) ? key.slice(schema.prefix.length + 1) : key;
    if (!elements.includes(local))
      throw new Error(`${schema.file}: the XSD construct <${key}> is not supported by the generator.`);
  }
}

function attribute(node: XmlNode, name: string, file: string): string {
  const value = node[`@_${name}`];
  if (typeof value !== 'string') throw new Error(`${file}: an XSD declaration lacks its ${name} attribute.`);
  return value;
}

function documentation(schema: RawSchema, node: XmlNode): string | undefined {
  const texts: string[] = [];
  for (const annotation of children(node, `${schema.prefix}:annotation`)) {
    for (const doc of (annotation[`${schema.prefix}:documentation`] as unknown[] | undefined) ?? []) {
      const text = typeof doc === 'string' ? doc : (doc as XmlNode)['#text'];
      if (typeof text === 'string') texts.push(text.replace(/\s+/g, ' ').trim());
    }
  }
  return texts.length > 0 ? texts.join(' ') : undefined;
}

function withDoc<T extends { doc?: string }>(value: T, doc: string | undefined): T {
  if (doc !== undefined) value.doc = doc;
  return value;
}
