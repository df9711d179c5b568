/**
 * The run-time shape of an XML document, generated from its XSD (`src/generated/xml-documents.ts`): the
 * order of the child elements, how often each may occur and the type of each value. Building and parsing
 * follow it, so they agree with the schema without restating it.
 */
export type XmlValueType = 'string' | 'boolean' | 'integer';

export interface XmlSimpleContent {
  readonly kind: 'simple';
  readonly type: XmlValueType;
}

export interface XmlComplexContent {
  readonly kind: 'complex';
  /**
   * `sequence`: the children must come in the order of `children`; `all` (`xs:all`): in any order, each
   * at most once; `choice` (an `xs:choice` repeated without bound): in any order, each any number of
   * times. Built documents always use the order of `children`, which all three accept.
   */
  readonly order: 'sequence' | 'all' | 'choice';
  /** In schema order. */
  readonly children: readonly XmlChildDescriptor[];
}

export type XmlContent = XmlSimpleContent | XmlComplexContent;

export interface XmlChildDescriptor {
  readonly name: string;
  readonly min: number;
  readonly max: number | 'unbounded';
  readonly content: XmlContent;
}

export interface XmlDocumentDescriptor {
  /** Name of the root element. */
  readonly root: string;
  /** XSD file, relative to the package folder (`xsd/Order.xsd`). */
  readonly xsd: string;
  readonly content: XmlComplexContent;
}

/** Repeated elements are always arrays, whatever their count. */
export function isRepeated(child: XmlChildDescriptor): boolean {
  return child.max === 'unbounded' || child.max > 1;
}
