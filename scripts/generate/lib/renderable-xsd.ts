import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  effectiveSimpleType,
  loadXsd,
  type ComplexType as XsdComplexType,
  type ElementDecl as XsdElementDecl,
  type XsdSchema,
  type SimpleType as XsdSimpleType,
  type TypeRef as XsdTypeRef,
} from '@svc-contracts/xsd-model';

/**
 * The part of the XSD model (`@svc-contracts/xsd-model`) the generator can render as TypeScript:
 * complex types made of one plain `xs:sequence` or `xs:all` of elements (or one `xs:choice` of elements
 * repeated without bound), simple types restricting a
 * built-in with `pattern` and `enumeration`. Everything else the model reads (other choices, attributes, other facets,
 * built-ins without a JavaScript value type) is refused with the file named, so the generator never
 * emits a type that silently disagrees with the schema. Types are resolved here, so the renderer works
 * on objects, not names.
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
  /**
   * `sequence`: the children in this order; `all`: in any order, each at most once; `choice` (a choice
   * repeated without bound): in any order, each any number of times.
   */
  order: 'sequence' | 'all' | 'choice';
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
  /** `fixed`: the one value the element may hold. */
  fixed?: string;
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

/** Reads `entryFile` (relative to `xsdDir`) and every schema it includes. */
export function loadSchemaSet(xsdDir: string, entryFile: string): SchemaSet {
  const schema = loadXsd(entryFile, { readFile: (file) => readFileSync(join(xsdDir, file), 'utf8') });
  return new RenderableSchema(schema).read();
}

class RenderableSchema {
  private readonly complexTypes = new Map<string, ComplexType>();
  private readonly simpleTypes = new Map<string, SimpleType>();
  private readonly converting = new Set<string>();

  constructor(private readonly schema: XsdSchema) {}

  read(): SchemaSet {
    const [entry] = this.schema.documents;
    if (entry === undefined) throw new Error('No schema to read.');
    const rootElements = [...entry.elements.values()].map((decl) => this.element(decl, entry.file));
    for (const name of this.schema.complexTypes.keys()) this.namedComplex(name);
    for (const name of this.schema.simpleTypes.keys()) this.namedSimple(name);
    return {
      files: this.schema.files,
      rootElements,
      complexTypes: this.complexTypes,
      simpleTypes: this.simpleTypes,
    };
  }

  private element(decl: XsdElementDecl, file: string): ElementDecl {
    if (decl.type.kind === 'builtin' && decl.type.name === 'anyType')
      throw new Error(`${file}: element ${decl.name} has no type (an xs:anyType element is not supported).`);
    const element: ElementDecl = {
      name: decl.name,
      minOccurs: decl.minOccurs,
      maxOccurs: decl.maxOccurs === 'unbounded' ? null : decl.maxOccurs,
      type: this.type(decl.type, file),
    };
    if (decl.fixed !== undefined) element.fixed = decl.fixed;
    return withDoc(element, decl.documentation);
  }

  private type(type: XsdTypeRef | XsdSimpleType | XsdComplexType, file: string): TypeRef {
    if (type.kind === 'complex') return { kind: 'complex', type: this.complex(type, file), named: false };
    if (type.kind !== 'named') return { kind: 'simple', type: this.simple(type, file), named: false };
    if (this.schema.complexTypes.has(type.name))
      return { kind: 'complex', type: this.namedComplex(type.name), named: true };
    return { kind: 'simple', type: this.namedSimple(type.name), named: true };
  }

  private namedComplex(name: string): ComplexType {
    const known = this.complexTypes.get(name);
    if (known !== undefined) return known;
    const file = this.fileOf(name);
    if (this.converting.has(name)) throw new Error(`${file}: type ${name} contains itself (not supported).`);
    this.converting.add(name);
    const type = this.complex(this.schema.complexTypes.get(name) as XsdComplexType, file);
    this.complexTypes.set(name, type);
    return type;
  }

  private namedSimple(name: string): SimpleType {
    const known = this.simpleTypes.get(name);
    if (known !== undefined) return known;
    const type = this.simple(this.schema.simpleTypes.get(name) as XsdSimpleType, this.fileOf(name));
    this.simpleTypes.set(name, type);
    return type;
  }

  private complex(decl: XsdComplexType, file: string): ComplexType {
    const [attribute] = decl.attributes;
    if (attribute !== undefined) unsupported(file, `<xs:attribute> (${attribute.name})`);
    const content = decl.content;
    // A choice repeated without bound (`minOccurs="0" maxOccurs="unbounded"`): each of its elements may
    // occur any number of times, in any order.
    const anyCount =
      content?.kind === 'choice' && content.minOccurs === 0 && content.maxOccurs === 'unbounded';
    if (content !== undefined && content.kind !== 'sequence' && content.kind !== 'all' && !anyCount)
      unsupported(file, `<xs:${content.kind}>`);
    if (content !== undefined && !anyCount && (content.minOccurs !== 1 || content.maxOccurs !== 1))
      unsupported(file, `an <xs:${content.kind}> with minOccurs or maxOccurs`);
    const children = (content?.particles ?? []).map((particle) => {
      if (particle.kind !== 'element')
        return unsupported(file, `<xs:${particle.kind}> inside an <xs:${content?.kind}>`);
      const element = this.element(particle, file);
      return anyCount ? { ...element, minOccurs: 0, maxOccurs: null } : element;
    });
    const order = anyCount ? 'choice' : content?.kind === 'all' ? 'all' : 'sequence';
    const type: ComplexType = { order, children };
    if (decl.name !== undefined) type.name = decl.name;
    return withDoc(type, decl.documentation);
  }

  private simple(decl: XsdTypeRef | XsdSimpleType, file: string): SimpleType {
    const { builtin, facets } = effectiveSimpleType(this.schema, decl);
    const valueType = BUILTINS[builtin];
    if (valueType === undefined) throw new Error(`${file}: built-in type xs:${builtin} is not supported.`);
    const { patterns, enumeration, ...others } = facets;
    const [other] = Object.keys(others);
    if (other !== undefined) unsupported(file, `the facet <xs:${other}>`);
    const type: SimpleType = { valueType, builtin, enumeration, patterns };
    if (decl.kind === 'simple' && decl.name !== undefined) type.name = decl.name;
    return withDoc(type, decl.kind === 'simple' ? decl.documentation : undefined);
  }

  private fileOf(typeName: string): string {
    const document = this.schema.documents.find(
      (candidate) => candidate.complexTypes.has(typeName) || candidate.simpleTypes.has(typeName),
    );
    return document?.file ?? this.schema.files[0] ?? '';
  }
}

function unsupported(file: string, construct: string): never {
  throw new Error(`${file}: the XSD construct ${construct} is not supported by the generator.`);
}

function withDoc<T extends { doc?: string }>(value: T, doc: string | undefined): T {
  if (doc !== undefined) value.doc = doc;
  return value;
}
