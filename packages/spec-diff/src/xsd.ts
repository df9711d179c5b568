import {
  type AttributeDecl,
  type ComplexType,
  type Documented,
  type ElementDecl,
  type Facets,
  type MaxOccurs,
  type Particle,
  parseXsd,
  type SimpleType,
  type TypeRef,
} from '@svc-contracts/xsd-model';
import { type CheckId, checkOf, type XsdRoleCheck } from './catalogue/index.js';
import type { Change } from './change.js';

/** Who writes the documents of a schema: the client (`request`) or the service (`response`, callbacks). */
export type XsdRole = 'request' | 'response';

export interface DiffXsdOptions {
  /** Default: read from the schema's first documentation (`request of …` → request), else `request`. */
  role?: XsdRole;
  /** Names the schema in errors (default `schema.xsd`); the two versions are `before:` and `after:` it. */
  file?: string;
}

/** A child element as its parent's content model offers it: occurrences count across optional groups. */
interface ChildElement {
  element: ElementDecl;
  minOccurs: number;
  maxOccurs: number;
}

type ElementType = ElementDecl['type'];

function occurs(value: MaxOccurs): number {
  return value === 'unbounded' ? Number.POSITIVE_INFINITY : value;
}

/** The element children of a content model (nested compositors flattened), keyed by name. */
function childElements(type: ComplexType | undefined): Map<string, ChildElement> {
  const found = new Map<string, ChildElement>();
  const visit = (particle: Particle, optionalGroup: boolean): void => {
    if (particle.kind === 'element') {
      found.set(particle.name, {
        element: particle,
        minOccurs: optionalGroup ? 0 : particle.minOccurs,
        maxOccurs: occurs(particle.maxOccurs),
      });
      return;
    }
    // Every branch of a choice may be absent.
    const optional = optionalGroup || particle.minOccurs === 0 || particle.kind === 'choice';
    for (const child of particle.particles) visit(child, optional);
  };
  if (type?.content) visit(type.content, false);
  return found;
}

/** How a type reference reads in a schema; undefined for an anonymous type. */
function typeName(type: ElementType | AttributeDecl['type'] | TypeRef): string | undefined {
  if (type.kind === 'builtin') return `xs:${type.name}`;
  if (type.kind === 'named') return type.name;
  return undefined;
}

/** Classifies every difference between two versions of an XSD (see README for the rules). */
export function diffXsd(beforeText: string, afterText: string, options: DiffXsdOptions = {}): Change[] {
  const file = options.file ?? 'schema.xsd';
  const before = parseXsd(beforeText, `before:${file}`);
  const after = parseXsd(afterText, `after:${file}`);
  const role =
    options.role ??
    (/\brequest of\b/i.test(after.documentation ?? '')
      ? 'request'
      : /\bresponse\b|\bcallback\b/i.test(after.documentation ?? '')
        ? 'response'
        : 'request');
  const changes: Change[] = [];
  const add = (id: CheckId, pointer: string, reason: string) => {
    const check = checkOf(id);
    changes.push({ id, level: check.bump, severity: check.level, direction: role, pointer, reason });
  };
  const d: XsdDiff = { role, add, byRole: (check) => `xsd-${role}-${check}` as CheckId };

  documentationChange(d, before, after, '/');
  const globalElement = (decl: ElementDecl): ChildElement => ({ element: decl, minOccurs: 1, maxOccurs: 1 });
  compareGlobals(before.elements, after.elements, 'element', (b, a, pointer) =>
    elementChanges(d, globalElement(b), globalElement(a), pointer),
  );
  compareGlobals(before.complexTypes, after.complexTypes, 'complexType', (b, a, pointer) => {
    documentationChange(d, b, a, pointer);
    complexChanges(d, b, a, pointer);
  });
  compareGlobals(before.simpleTypes, after.simpleTypes, 'simpleType', (b, a, pointer) => {
    documentationChange(d, b, a, pointer);
    simpleTypeChanges(d, b, a, pointer);
  });
  return changes;

  function compareGlobals<T>(
    globalsBefore: Map<string, T>,
    globalsAfter: Map<string, T>,
    kind: 'element' | 'complexType' | 'simpleType',
    compare: (b: T, a: T, pointer: string) => void,
  ): void {
    const pointerOf = (name: string) => (kind === 'element' ? name : `${kind}(${name})`);
    for (const [name, nodeBefore] of globalsBefore) {
      const nodeAfter = globalsAfter.get(name);
      if (nodeAfter === undefined)
        add(
          kind === 'element' ? 'xsd-element-removed' : 'xsd-type-removed',
          pointerOf(name),
          `removed ${kind} \`${name}\``,
        );
      else compare(nodeBefore, nodeAfter, pointerOf(name));
    }
    for (const name of globalsAfter.keys())
      if (!globalsBefore.has(name))
        add(
          kind === 'element' ? 'xsd-root-element-added' : 'xsd-type-added',
          pointerOf(name),
          `added ${kind} \`${name}\``,
        );
  }
}

/** One comparison: the role the document plays and where its changes go. */
interface XsdDiff {
  role: 'request' | 'response';
  add(id: CheckId, pointer: string, reason: string): void;
  byRole(check: XsdRoleCheck): CheckId;
}

function documentationChange(d: XsdDiff, b: Documented, a: Documented, pointer: string): void {
  if ((b.documentation ?? '') !== (a.documentation ?? ''))
    d.add('xsd-documentation-changed', pointer, 'documentation changed');
}

function simpleTypeChanges(d: XsdDiff, b: SimpleType, a: SimpleType, pointer: string): void {
  if (typeName(b.base) !== typeName(a.base))
    d.add(
      'xsd-base-type-changed',
      pointer,
      `base type \`${typeName(b.base)}\` became \`${typeName(a.base)}\``,
    );
  const enumBefore = b.facets.enumeration;
  const enumAfter = a.facets.enumeration;
  for (const value of enumBefore)
    if (!enumAfter.includes(value))
      d.add('xsd-enumeration-removed', pointer, `removed enumeration value \`${value}\``);
  for (const value of enumAfter)
    if (!enumBefore.includes(value))
      d.add(d.byRole('enumeration-added'), pointer, `added enumeration value \`${value}\``);
  const patternsBefore = b.facets.patterns.join('|');
  const patternsAfter = a.facets.patterns.join('|');
  if (patternsBefore !== patternsAfter)
    d.add(
      'xsd-pattern-changed',
      pointer,
      `pattern \`${patternsBefore || '(none)'}\` became \`${patternsAfter || '(none)'}\``,
    );
  const facet = (name: BoundFacet, tighter: (b: number, a: number) => boolean) => {
    const fb = b.facets[name];
    const fa = a.facets[name];
    if (fb === fa) return;
    const stricter = fa !== undefined && (fb === undefined || tighter(Number(fb), Number(fa)));
    d.add(
      d.byRole(stricter ? 'facet-tightened' : 'facet-loosened'),
      pointer,
      `${name} ${fb ?? '(none)'} → ${fa ?? '(none)'}`,
    );
  };
  for (const name of UPPER_BOUNDS) facet(name, (b, a) => a < b);
  for (const name of LOWER_BOUNDS) facet(name, (b, a) => a > b);
  const lb = b.facets.length;
  const la = a.facets.length;
  if (lb !== la) d.add('xsd-length-changed', pointer, `length ${lb ?? '(none)'} → ${la ?? '(none)'}`);
}

function complexChanges(
  d: XsdDiff,
  b: ComplexType | undefined,
  a: ComplexType | undefined,
  pointer: string,
): void {
  const childrenBefore = childElements(b);
  const childrenAfter = childElements(a);
  for (const [name, declBefore] of childrenBefore) {
    const at = `${pointer}/${name}`;
    const declAfter = childrenAfter.get(name);
    if (!declAfter) {
      d.add('xsd-element-removed', at, `removed element \`${name}\``);
      continue;
    }
    elementChanges(d, declBefore, declAfter, at);
  }
  for (const [name, decl] of childrenAfter) {
    if (childrenBefore.has(name)) continue;
    const at = `${pointer}/${name}`;
    if (decl.minOccurs === 0) d.add('xsd-optional-element-added', at, `added optional element \`${name}\``);
    else
      d.add(
        d.byRole('required-element-added'),
        at,
        d.role === 'request'
          ? `added required element \`${name}\` to a request document`
          : `added element \`${name}\``,
      );
  }
  const attributes = (type: ComplexType | undefined) =>
    new Map((type?.attributes ?? []).map((attribute) => [attribute.name, attribute] as const));
  const attrsBefore = attributes(b);
  const attrsAfter = attributes(a);
  for (const [name, attr] of attrsBefore) {
    const other = attrsAfter.get(name);
    if (!other) d.add('xsd-attribute-removed', `${pointer}/@${name}`, `removed attribute \`${name}\``);
    else if (!attr.required && other.required)
      d.add(
        d.byRole('attribute-became-required'),
        `${pointer}/@${name}`,
        `attribute \`${name}\` became required`,
      );
  }
  for (const [name, attr] of attrsAfter)
    if (!attrsBefore.has(name))
      d.add(
        attr.required && d.role === 'request'
          ? 'xsd-request-required-attribute-added'
          : 'xsd-attribute-added',
        `${pointer}/@${name}`,
        `added attribute \`${name}\``,
      );
}

function elementChanges(d: XsdDiff, b: ChildElement, a: ChildElement, pointer: string): void {
  documentationChange(d, b.element, a.element, pointer);
  if (b.minOccurs === 0 && a.minOccurs > 0)
    d.add(
      d.byRole('element-became-required'),
      pointer,
      `element became required (minOccurs ${b.minOccurs} → ${a.minOccurs})`,
    );
  else if (b.minOccurs > 0 && a.minOccurs === 0)
    d.add(
      d.byRole('element-became-optional'),
      pointer,
      `element became optional (minOccurs ${b.minOccurs} → 0)`,
    );
  else if (a.minOccurs > b.minOccurs)
    d.add(d.byRole('element-min-raised'), pointer, `minOccurs ${b.minOccurs} → ${a.minOccurs}`);
  if (a.maxOccurs < b.maxOccurs)
    d.add(
      'xsd-element-max-lowered',
      pointer,
      `maxOccurs ${b.maxOccurs === Number.POSITIVE_INFINITY ? 'unbounded' : b.maxOccurs} → ${a.maxOccurs}`,
    );
  else if (a.maxOccurs > b.maxOccurs)
    d.add(
      d.byRole('element-max-raised'),
      pointer,
      `maxOccurs ${b.maxOccurs} → ${a.maxOccurs === Number.POSITIVE_INFINITY ? 'unbounded' : a.maxOccurs}`,
    );
  const typeBefore = b.element.type;
  const typeAfter = a.element.type;
  if (typeName(typeBefore) !== typeName(typeAfter))
    d.add(
      'xsd-element-type-changed',
      pointer,
      `type \`${typeName(typeBefore)}\` became \`${typeName(typeAfter)}\``,
    );
  const simpleBefore = typeBefore.kind === 'simple' ? typeBefore : undefined;
  const simpleAfter = typeAfter.kind === 'simple' ? typeAfter : undefined;
  if (simpleBefore && simpleAfter) simpleTypeChanges(d, simpleBefore, simpleAfter, pointer);
  else if (simpleBefore || simpleAfter)
    d.add('xsd-element-type-changed', pointer, 'inline simple type added or removed');
  const complexBefore = typeBefore.kind === 'complex' ? typeBefore : undefined;
  const complexAfter = typeAfter.kind === 'complex' ? typeAfter : undefined;
  if (complexBefore || complexAfter) complexChanges(d, complexBefore, complexAfter, pointer);
}

type BoundFacet = Exclude<keyof Facets, 'patterns' | 'enumeration' | 'length'>;
const UPPER_BOUNDS: BoundFacet[] = [
  'maxLength',
  'maxInclusive',
  'maxExclusive',
  'totalDigits',
  'fractionDigits',
];
const LOWER_BOUNDS: BoundFacet[] = ['minLength', 'minInclusive', 'minExclusive'];
