/** The XSD subset of this repository's XML documents, as one typed model. */

export type MaxOccurs = number | 'unbounded';

/** A type named in a `type` or `base` attribute: an XML Schema built-in (`xs:string`) or a named type of the schema. */
export type TypeRef = { kind: 'builtin'; name: string } | { kind: 'named'; name: string };

export interface Documented {
  /** The text of the declaration's `xs:annotation/xs:documentation`, white space folded. */
  documentation?: string;
}

export interface ElementDecl extends Documented {
  kind: 'element';
  name: string;
  /** 1 and 1 for a global element (XSD forbids occurrence bounds there). */
  minOccurs: number;
  maxOccurs: MaxOccurs;
  /** A reference, or the anonymous type declared inside the element. No type at all is `xs:anyType`. */
  type: TypeRef | SimpleType | ComplexType;
  /** `fixed`: the one value the element may hold (when present). */
  fixed?: string;
}

export type CompositorKind = 'sequence' | 'all' | 'choice';

/** `xs:sequence` (in order), `xs:all` (any order, each at most once) or `xs:choice` (one of). */
export interface Compositor {
  kind: CompositorKind;
  minOccurs: number;
  maxOccurs: MaxOccurs;
  particles: Particle[];
}

export type Particle = ElementDecl | Compositor;

export interface AttributeDecl extends Documented {
  name: string;
  /** No type at all is `xs:anySimpleType`. */
  type: TypeRef | SimpleType;
  required: boolean;
}

export interface ComplexType extends Documented {
  kind: 'complex';
  /** Absent for an anonymous type. */
  name?: string;
  /** Absent for an empty content model. */
  content?: Compositor;
  attributes: AttributeDecl[];
}

/** The facets of one restriction step (what the step itself declares, not what it inherits). */
export interface Facets {
  patterns: string[];
  enumeration: string[];
  length?: number;
  minLength?: number;
  maxLength?: number;
  totalDigits?: number;
  fractionDigits?: number;
  /** Value bounds stay text: they are numbers, dates or times depending on the base type. */
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
  maxExclusive?: string;
}

/** A simple type by `xs:restriction` of a built-in or named simple type. */
export interface SimpleType extends Documented {
  kind: 'simple';
  name?: string;
  base: TypeRef;
  facets: Facets;
}

/** One XSD file, its `xs:include`s listed but not followed. */
export interface XsdDocument extends Documented {
  /** The path it was read from (or the name given to `parseXsd`). */
  file: string;
  /** `schemaLocation` of each `xs:include`, as written. */
  includes: string[];
  elements: Map<string, ElementDecl>;
  complexTypes: Map<string, ComplexType>;
  simpleTypes: Map<string, SimpleType>;
}

/** An XSD file and everything it includes, with every type reference checked. */
export interface XsdSchema {
  /** Every file read, the entry first, in reading order. */
  files: string[];
  /** One per file, in the order of `files`. */
  documents: XsdDocument[];
  /** The global declarations of all the files together. */
  elements: Map<string, ElementDecl>;
  complexTypes: Map<string, ComplexType>;
  simpleTypes: Map<string, SimpleType>;
}
