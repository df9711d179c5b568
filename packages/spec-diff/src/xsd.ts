import { XMLParser } from 'fast-xml-parser';
import type { Change, Level } from './change.js';

/** Who writes the documents of a schema: the client (`request`) or the service (`response`, callbacks). */
export type XsdRole = 'request' | 'response';

export interface DiffXsdOptions {
  /** Default: read from the schema's first documentation (`request of …` → request), else `request`. */
  role?: XsdRole;
}

type Node = Record<string, unknown>;

interface ElementDecl {
  node: Node;
  minOccurs: number;
  maxOccurs: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  trimValues: true,
});

function list(value: unknown): Node[] {
  return Array.isArray(value) ? value.filter((v): v is Node => typeof v === 'object' && v !== null) : [];
}

function text(node: Node | undefined): string {
  if (!node) return '';
  return list(node.annotation)
    .flatMap((annotation) => (Array.isArray(annotation.documentation) ? annotation.documentation : []))
    .map((doc) => (typeof doc === 'string' ? doc : String((doc as Node)['#text'] ?? '')))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

function occurs(value: unknown): number {
  if (value === undefined) return 1;
  return value === 'unbounded' ? Number.POSITIVE_INFINITY : Number(value);
}

function schemaRoot(xsdText: string): Node {
  const parsed = parser.parse(xsdText) as Node;
  const [root] = list(parsed.schema);
  if (!root) throw new Error('not an XML Schema: no xs:schema root element');
  return root;
}

/** The element children of a content model (sequence, choice, all, nested), keyed by name or ref. */
function childElements(model: Node | undefined): Map<string, ElementDecl> {
  const found = new Map<string, ElementDecl>();
  const visit = (node: Node, optionalGroup: boolean) => {
    for (const element of list(node.element)) {
      const name = String(element['@name'] ?? element['@ref'] ?? '');
      found.set(name, {
        node: element,
        minOccurs: optionalGroup ? 0 : occurs(element['@minOccurs']),
        maxOccurs: occurs(element['@maxOccurs']),
      });
    }
    for (const key of ['sequence', 'all'] as const)
      for (const group of list(node[key])) visit(group, optionalGroup || occurs(group['@minOccurs']) === 0);
    // Every branch of a choice may be absent.
    for (const group of list(node.choice)) visit(group, true);
    for (const key of ['complexContent', 'simpleContent'] as const)
      for (const content of list(node[key]))
        for (const derivation of [...list(content.extension), ...list(content.restriction)])
          visit(derivation, optionalGroup);
  };
  if (model) visit(model, false);
  return found;
}

/** Classifies every difference between two versions of an XSD (see README for the rules). */
export function diffXsd(beforeText: string, afterText: string, options: DiffXsdOptions = {}): Change[] {
  const before = schemaRoot(beforeText);
  const after = schemaRoot(afterText);
  const role =
    options.role ??
    (/\brequest of\b/i.test(text(after))
      ? 'request'
      : /\bresponse\b|\bcallback\b/i.test(text(after))
        ? 'response'
        : 'request');
  const changes: Change[] = [];
  const add = (kind: string, level: Level, pointer: string, reason: string) =>
    changes.push({ kind, level, pointer, reason });
  const pick = (request: Level, response: Level): Level => (role === 'request' ? request : response);

  const documentation = (b: Node, a: Node, pointer: string) => {
    if (text(b) !== text(a)) add('changed-documentation', 'patch', pointer, 'documentation changed');
  };

  const simpleType = (b: Node, a: Node, pointer: string) => {
    const [rb] = list(b.restriction);
    const [ra] = list(a.restriction);
    if (!rb || !ra) {
      if (JSON.stringify(b) !== JSON.stringify(a))
        add('changed-simple-type', 'major', pointer, 'simple type changed');
      return;
    }
    if (rb['@base'] !== ra['@base'])
      add(
        'changed-base-type',
        'major',
        pointer,
        `base type \`${String(rb['@base'])}\` became \`${String(ra['@base'])}\``,
      );
    const values = (r: Node, facet: string) => list(r[facet]).map((f) => String(f['@value']));
    const enumBefore = values(rb, 'enumeration');
    const enumAfter = values(ra, 'enumeration');
    for (const value of enumBefore)
      if (!enumAfter.includes(value))
        add('removed-enumeration', 'major', pointer, `removed enumeration value \`${value}\``);
    for (const value of enumAfter)
      if (!enumBefore.includes(value))
        add('added-enumeration', pick('minor', 'major'), pointer, `added enumeration value \`${value}\``);
    const patternsBefore = values(rb, 'pattern').join('|');
    const patternsAfter = values(ra, 'pattern').join('|');
    if (patternsBefore !== patternsAfter)
      add(
        'changed-pattern',
        'major',
        pointer,
        `pattern \`${patternsBefore || '(none)'}\` became \`${patternsAfter || '(none)'}\``,
      );
    const facet = (name: string, tighter: (b: number, a: number) => boolean) => {
      const [fb] = values(rb, name);
      const [fa] = values(ra, name);
      if (fb === fa) return;
      const stricter = fa !== undefined && (fb === undefined || tighter(Number(fb), Number(fa)));
      add(
        stricter ? 'tighter-facet' : 'looser-facet',
        stricter ? pick('major', 'minor') : pick('minor', 'major'),
        pointer,
        `${name} ${fb ?? '(none)'} → ${fa ?? '(none)'}`,
      );
    };
    for (const name of ['maxLength', 'maxInclusive', 'maxExclusive', 'totalDigits', 'fractionDigits'])
      facet(name, (b, a) => a < b);
    for (const name of ['minLength', 'minInclusive', 'minExclusive']) facet(name, (b, a) => a > b);
    const [lb] = values(rb, 'length');
    const [la] = values(ra, 'length');
    if (lb !== la) add('changed-length', 'major', pointer, `length ${lb ?? '(none)'} → ${la ?? '(none)'}`);
  };

  const complexModel = (b: Node | undefined, a: Node | undefined, pointer: string) => {
    const childrenBefore = childElements(b);
    const childrenAfter = childElements(a);
    for (const [name, declBefore] of childrenBefore) {
      const at = `${pointer}/${name}`;
      const declAfter = childrenAfter.get(name);
      if (!declAfter) {
        add('removed-element', 'major', at, `removed element \`${name}\``);
        continue;
      }
      element(declBefore, declAfter, at);
    }
    for (const [name, decl] of childrenAfter) {
      if (childrenBefore.has(name)) continue;
      const at = `${pointer}/${name}`;
      if (decl.minOccurs === 0)
        add('added-optional-element', 'minor', at, `added optional element \`${name}\``);
      else
        add(
          'added-required-element',
          pick('major', 'minor'),
          at,
          role === 'request'
            ? `added required element \`${name}\` to a request document`
            : `added element \`${name}\``,
        );
    }
    const attrs = (node: Node | undefined) =>
      new Map(list(node?.attribute).map((attr) => [String(attr['@name'] ?? attr['@ref']), attr] as const));
    const attrsBefore = attrs(b);
    const attrsAfter = attrs(a);
    for (const [name, attr] of attrsBefore) {
      const other = attrsAfter.get(name);
      if (!other) add('removed-attribute', 'major', `${pointer}/@${name}`, `removed attribute \`${name}\``);
      else if (attr['@use'] !== 'required' && other['@use'] === 'required')
        add(
          'attribute-became-required',
          pick('major', 'minor'),
          `${pointer}/@${name}`,
          `attribute \`${name}\` became required`,
        );
    }
    for (const [name, attr] of attrsAfter)
      if (!attrsBefore.has(name))
        add(
          attr['@use'] === 'required' && role === 'request'
            ? 'added-required-attribute'
            : 'added-optional-attribute',
          attr['@use'] === 'required' && role === 'request' ? 'major' : 'minor',
          `${pointer}/@${name}`,
          `added attribute \`${name}\``,
        );
  };

  const element = (b: ElementDecl, a: ElementDecl, pointer: string) => {
    documentation(b.node, a.node, pointer);
    if (b.minOccurs === 0 && a.minOccurs > 0)
      add(
        'element-became-required',
        pick('major', 'minor'),
        pointer,
        `element became required (minOccurs ${b.minOccurs} → ${a.minOccurs})`,
      );
    else if (b.minOccurs > 0 && a.minOccurs === 0)
      add(
        'element-became-optional',
        pick('minor', 'major'),
        pointer,
        `element became optional (minOccurs ${b.minOccurs} → 0)`,
      );
    else if (a.minOccurs > b.minOccurs)
      add('element-min-raised', pick('major', 'minor'), pointer, `minOccurs ${b.minOccurs} → ${a.minOccurs}`);
    if (a.maxOccurs < b.maxOccurs)
      add(
        'element-max-lowered',
        'major',
        pointer,
        `maxOccurs ${b.maxOccurs === Number.POSITIVE_INFINITY ? 'unbounded' : b.maxOccurs} → ${a.maxOccurs}`,
      );
    else if (a.maxOccurs > b.maxOccurs)
      add(
        'element-max-raised',
        pick('minor', 'major'),
        pointer,
        `maxOccurs ${b.maxOccurs} → ${a.maxOccurs === Number.POSITIVE_INFINITY ? 'unbounded' : a.maxOccurs}`,
      );
    if (b.node['@type'] !== a.node['@type'])
      add(
        'changed-element-type',
        'major',
        pointer,
        `type \`${String(b.node['@type'])}\` became \`${String(a.node['@type'])}\``,
      );
    const [simpleBefore] = list(b.node.simpleType);
    const [simpleAfter] = list(a.node.simpleType);
    if (simpleBefore && simpleAfter) simpleType(simpleBefore, simpleAfter, pointer);
    else if (simpleBefore || simpleAfter)
      add('changed-element-type', 'major', pointer, 'inline simple type added or removed');
    const [complexBefore] = list(b.node.complexType);
    const [complexAfter] = list(a.node.complexType);
    if (complexBefore || complexAfter) complexModel(complexBefore, complexAfter, pointer);
  };

  documentation(before, after, '/');
  const named = (root: Node, key: string) =>
    new Map(list(root[key]).map((node) => [String(node['@name']), node] as const));
  for (const kind of ['element', 'complexType', 'simpleType'] as const) {
    const globalsBefore = named(before, kind);
    const globalsAfter = named(after, kind);
    for (const [name, nodeBefore] of globalsBefore) {
      const nodeAfter = globalsAfter.get(name);
      const pointer = kind === 'element' ? name : `${kind}(${name})`;
      if (!nodeAfter) {
        add(
          kind === 'element' ? 'removed-element' : 'removed-type',
          'major',
          pointer,
          `removed ${kind} \`${name}\``,
        );
        continue;
      }
      if (kind === 'element')
        element(
          { node: nodeBefore, minOccurs: 1, maxOccurs: 1 },
          { node: nodeAfter, minOccurs: 1, maxOccurs: 1 },
          pointer,
        );
      else {
        documentation(nodeBefore, nodeAfter, pointer);
        if (kind === 'simpleType') simpleType(nodeBefore, nodeAfter, pointer);
        else complexModel(nodeBefore, nodeAfter, pointer);
      }
    }
    for (const name of globalsAfter.keys())
      if (!globalsBefore.has(name))
        add(
          kind === 'element' ? 'added-root-element' : 'added-type',
          'minor',
          kind === 'element' ? name : `${kind}(${name})`,
          `added ${kind} \`${name}\``,
        );
  }
  return changes;
}
