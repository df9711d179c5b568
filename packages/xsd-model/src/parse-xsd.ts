import { XSD_BUILTINS, XSD_NAMESPACE } from './builtins.js';
import { XsdModelError } from './errors.js';
import type {
  AttributeDecl,
  ComplexType,
  Compositor,
  CompositorKind,
  ElementDecl,
  Facets,
  MaxOccurs,
  Particle,
  SimpleType,
  TypeRef,
  XsdDocument,
} from './model.js';
import { readXml, type XmlElement } from './xml-tree.js';

const LENGTH_FACETS = ['length', 'minLength', 'maxLength', 'totalDigits', 'fractionDigits'] as const;
const BOUND_FACETS = ['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const;

/** Reads the text of one XSD file into the model, without following its `xs:include`s or checking its type
 * references (see `loadXsd` for both). */
export function parseXsd(text: string, file: string): XsdDocument {
  return new SchemaParser(file, readXml(text, file)).document();
}

class SchemaParser {
  private readonly prefix: string;

  constructor(
    private readonly file: string,
    private readonly root: XmlElement,
  ) {
    const colon = root.name.indexOf(':');
    if (root.name.slice(colon + 1) !== 'schema')
      this.fail(`the root element <${root.name}> is not xs:schema`);
    if (colon < 0) this.fail('an unprefixed XSD namespace is not supported; use xs:');
    this.prefix = root.name.slice(0, colon);
    if (root.attributes[`xmlns:${this.prefix}`] !== XSD_NAMESPACE)
      this.fail(`the prefix ${this.prefix}: is not bound to ${XSD_NAMESPACE}`);
  }

  document(): XsdDocument {
    const root = this.root;
    this.allow(
      root,
      ['annotation', 'include', 'element', 'complexType', 'simpleType'],
      ['elementFormDefault'],
    );
    const document: XsdDocument = {
      file: this.file,
      includes: this.children(root, 'include').map((include) => {
        this.allow(include, ['annotation'], ['schemaLocation']);
        return this.required(include, 'schemaLocation');
      }),
      elements: new Map(),
      complexTypes: new Map(),
      simpleTypes: new Map(),
    };
    for (const node of this.children(root, 'element')) {
      this.declare(document.elements, this.element(node, true), 'element');
    }
    for (const node of this.children(root, 'complexType')) {
      this.declare(document.complexTypes, this.complexType(node, true), 'type', document.simpleTypes);
    }
    for (const node of this.children(root, 'simpleType')) {
      this.declare(document.simpleTypes, this.simpleType(node, true), 'type', document.complexTypes);
    }
    return withDocumentation(document, this.documentation(root));
  }

  private declare<T extends { name?: string }>(
    into: Map<string, T>,
    declaration: T,
    what: string,
    others?: Map<string, unknown>,
  ): void {
    const name = declaration.name as string;
    if (into.has(name) || others?.has(name)) this.fail(`${what} ${name} is declared twice`);
    into.set(name, declaration);
  }

  private element(node: XmlElement, global: boolean): ElementDecl {
    this.allow(
      node,
      ['annotation', 'complexType', 'simpleType'],
      global ? ['name', 'type', 'fixed'] : ['name', 'type', 'minOccurs', 'maxOccurs', 'fixed'],
    );
    const name = this.required(node, 'name');
    const inline = node.children.filter((child) => this.local(child) !== 'annotation');
    const typeName = node.attributes.type;
    if (inline.length > 1 || (inline.length > 0 && typeName !== undefined))
      this.fail(`element ${name} declares more than one type`);
    const [anonymous] = inline;
    let type: ElementDecl['type'];
    if (typeName !== undefined) type = this.typeRef(typeName);
    else if (anonymous === undefined) type = { kind: 'builtin', name: 'anyType' };
    else if (this.local(anonymous) === 'complexType') type = this.complexType(anonymous, false);
    else type = this.simpleType(anonymous, false);
    const element: ElementDecl = { kind: 'element', name, ...this.occurs(node), type };
    if (node.attributes.fixed !== undefined) element.fixed = node.attributes.fixed;
    return withDocumentation(element, this.documentation(node));
  }

  private complexType(node: XmlElement, global: boolean): ComplexType {
    this.allow(node, ['annotation', 'sequence', 'all', 'choice', 'attribute'], global ? ['name'] : []);
    const compositors = node.children.filter((child) =>
      ['sequence', 'all', 'choice'].includes(this.local(child)),
    );
    if (compositors.length > 1) this.fail(`a complex type has more than one compositor`);
    const [compositor] = compositors;
    const type: ComplexType = {
      kind: 'complex',
      attributes: this.children(node, 'attribute').map((attribute) => this.attribute(attribute)),
    };
    if (global) type.name = this.required(node, 'name');
    if (compositor !== undefined) type.content = this.compositor(compositor, true);
    return withDocumentation(type, this.documentation(node));
  }

  private compositor(node: XmlElement, topLevel: boolean): Compositor {
    const kind = this.local(node) as CompositorKind;
    // XSD 1.0: xs:all is the whole content model of a type and holds elements only, each at most once.
    if (kind === 'all' && !topLevel) this.fail('xs:all must be the whole content model of a complex type');
    this.allow(
      node,
      kind === 'all' ? ['annotation', 'element'] : ['annotation', 'element', 'sequence', 'choice'],
      ['minOccurs', 'maxOccurs'],
    );
    const particles: Particle[] = [];
    for (const child of node.children) {
      const local = this.local(child);
      if (local === 'element') particles.push(this.element(child, false));
      else if (local !== 'annotation') particles.push(this.compositor(child, false));
    }
    const compositor: Compositor = { kind, ...this.occurs(node), particles };
    if (kind === 'all') {
      const repeated = particles.find((particle) => particle.maxOccurs !== 1 && particle.maxOccurs !== 0);
      if (repeated !== undefined || compositor.maxOccurs !== 1)
        this.fail('an xs:all and the elements in it occur at most once');
    }
    return compositor;
  }

  private attribute(node: XmlElement): AttributeDecl {
    this.allow(node, ['annotation', 'simpleType'], ['name', 'type', 'use']);
    const name = this.required(node, 'name');
    const use = node.attributes.use ?? 'optional';
    if (use !== 'optional' && use !== 'required')
      this.fail(`attribute ${name}: use="${use}" is not supported`);
    const [inline] = this.children(node, 'simpleType');
    const typeName = node.attributes.type;
    if (inline !== undefined && typeName !== undefined)
      this.fail(`attribute ${name} declares more than one type`);
    let type: AttributeDecl['type'] = { kind: 'builtin', name: 'anySimpleType' };
    if (typeName !== undefined) type = this.typeRef(typeName);
    else if (inline !== undefined) type = this.simpleType(inline, false);
    const attribute: AttributeDecl = { name, type, required: use === 'required' };
    return withDocumentation(attribute, this.documentation(node));
  }

  private simpleType(node: XmlElement, global: boolean): SimpleType {
    this.allow(node, ['annotation', 'restriction'], global ? ['name'] : []);
    const [restriction] = this.children(node, 'restriction');
    if (restriction === undefined) this.fail('a simple type must be an xs:restriction');
    this.allow(
      restriction,
      ['annotation', 'pattern', 'enumeration', ...LENGTH_FACETS, ...BOUND_FACETS],
      ['base'],
    );
    const facets: Facets = {
      patterns: this.facetValues(restriction, 'pattern'),
      enumeration: this.facetValues(restriction, 'enumeration'),
    };
    for (const facet of LENGTH_FACETS) {
      const value = this.singleFacet(restriction, facet);
      if (value === undefined) continue;
      if (!/^\d+$/.test(value)) this.fail(`xs:${facet} value="${value}" is not a non-negative integer`);
      facets[facet] = Number(value);
    }
    for (const facet of BOUND_FACETS) {
      const value = this.singleFacet(restriction, facet);
      if (value !== undefined) facets[facet] = value;
    }
    const type: SimpleType = {
      kind: 'simple',
      base: this.typeRef(this.required(restriction, 'base')),
      facets,
    };
    if (global) type.name = this.required(node, 'name');
    return withDocumentation(type, this.documentation(node));
  }

  private facetValues(restriction: XmlElement, facet: string): string[] {
    return this.children(restriction, facet).map((node) => {
      this.allow(node, ['annotation'], ['value']);
      return this.required(node, 'value');
    });
  }

  private singleFacet(restriction: XmlElement, facet: string): string | undefined {
    const values = this.facetValues(restriction, facet);
    if (values.length > 1) this.fail(`xs:${facet} is given more than once`);
    return values[0];
  }

  private typeRef(qualified: string): TypeRef {
    const colon = qualified.indexOf(':');
    if (colon < 0) return { kind: 'named', name: qualified };
    const [prefix, name] = [qualified.slice(0, colon), qualified.slice(colon + 1)];
    if (prefix !== this.prefix) this.fail(`type ${qualified} is in another namespace (not supported)`);
    if (!XSD_BUILTINS.has(name)) this.fail(`type ${qualified} is not an XML Schema built-in type`);
    return { kind: 'builtin', name };
  }

  private occurs(node: XmlElement): { minOccurs: number; maxOccurs: MaxOccurs } {
    const { minOccurs = '1', maxOccurs = '1' } = node.attributes;
    if (!/^\d+$/.test(minOccurs)) this.fail(`minOccurs="${minOccurs}" is not a non-negative integer`);
    if (maxOccurs !== 'unbounded' && !/^\d+$/.test(maxOccurs))
      this.fail(`maxOccurs="${maxOccurs}" is neither a non-negative integer nor unbounded`);
    const bounds: { minOccurs: number; maxOccurs: MaxOccurs } = {
      minOccurs: Number(minOccurs),
      maxOccurs: maxOccurs === 'unbounded' ? maxOccurs : Number(maxOccurs),
    };
    if (bounds.maxOccurs !== 'unbounded' && bounds.maxOccurs < bounds.minOccurs)
      this.fail(`maxOccurs ${maxOccurs} is below minOccurs ${minOccurs}`);
    return bounds;
  }

  private documentation(node: XmlElement): string | undefined {
    const texts: string[] = [];
    for (const annotation of this.children(node, 'annotation')) {
      this.allow(annotation, ['documentation'], []);
      for (const documentation of this.children(annotation, 'documentation')) {
        const text = documentation.textContent.replace(/\s+/g, ' ').trim();
        if (text !== '') texts.push(text);
      }
    }
    return texts.length > 0 ? texts.join(' ') : undefined;
  }

  /** Refuses child elements and attributes outside the subset, naming them. */
  private allow(node: XmlElement, children: readonly string[], attributes: readonly string[]): void {
    for (const child of node.children) {
      if (!child.name.startsWith(`${this.prefix}:`) || !children.includes(this.local(child)))
        this.fail(`<${child.name}> in <${node.name}> is not supported`);
    }
    for (const attribute of Object.keys(node.attributes)) {
      if (node === this.root && attribute.startsWith('xmlns')) continue;
      if (!attributes.includes(attribute))
        this.fail(`the attribute ${attribute} of <${node.name}> is not supported`);
    }
  }

  private children(node: XmlElement, local: string): XmlElement[] {
    return node.children.filter((child) => child.name === `${this.prefix}:${local}`);
  }

  private local(node: XmlElement): string {
    return node.name.slice(this.prefix.length + 1);
  }

  private required(node: XmlElement, attribute: string): string {
    const value = node.attributes[attribute];
    if (value === undefined) this.fail(`<${node.name}> lacks its ${attribute} attribute`);
    return value;
  }

  private fail(problem: string): never {
    throw new XsdModelError(this.file, problem);
  }
}

function withDocumentation<T extends { documentation?: string }>(
  value: T,
  documentation: string | undefined,
): T {
  if (documentation !== undefined) value.documentation = documentation;
  return value;
}
