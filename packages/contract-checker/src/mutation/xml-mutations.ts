import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { MutationKind } from './json-mutations.js';

/** What an XSD (with its includes) says about element names, read without an XSD engine. */
export interface XsdFacts {
  /** Element names whose every declaration is required (minOccurs not 0). */
  required: Set<string>;
  /** Element names whose every declaration has a constrained simple type (boolean, number, date, pattern, enum). */
  constrained: Set<string>;
}

const constrainedBuiltins = new Set([
  'boolean',
  'int',
  'integer',
  'positiveInteger',
  'nonNegativeInteger',
  'negativeInteger',
  'long',
  'short',
  'byte',
  'decimal',
  'double',
  'float',
  'date',
  'dateTime',
  'time',
]);

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(attributes)?.[1];
}

function localName(qualified: string): string {
  return qualified.slice(qualified.indexOf(':') + 1);
}

async function collectXsdTexts(path: string, seen: Set<string>): Promise<string[]> {
  if (seen.has(path)) return [];
  seen.add(path);
  const text = await readFile(path, 'utf8');
  const texts = [text];
  for (const found of text.matchAll(
    /<(?:\w+:)?(?:include|import)\b[^>]*schemaLocation\s*=\s*["']([^"']+)["']/g,
  )) {
    if (found[1]) texts.push(...(await collectXsdTexts(resolve(dirname(path), found[1]), seen)));
  }
  return texts;
}

/** Reads element declarations with regular expressions: enough for the flat XSDs of this repository. */
export async function readXsdFacts(xsdPath: string): Promise<XsdFacts> {
  const texts = await collectXsdTexts(xsdPath, new Set());
  const constrainedTypes = new Set<string>();
  for (const text of texts) {
    for (const simple of text.matchAll(/<(?:\w+:)?simpleType\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?simpleType>/g)) {
      const name = attribute(simple[1] ?? '', 'name');
      if (
        name &&
        /<(?:\w+:)?(pattern|enumeration|minInclusive|maxInclusive|length|maxLength)\b/.test(simple[2] ?? '')
      )
        constrainedTypes.add(name);
    }
  }
  const declarations = new Map<string, Array<{ required: boolean; constrained: boolean }>>();
  for (const text of texts) {
    for (const element of text.matchAll(/<(?:\w+:)?element\b([^>]*?)\/?>/g)) {
      const attributes = element[1] ?? '';
      const name = attribute(attributes, 'name') ?? attribute(attributes, 'ref');
      if (!name) continue;
      const type = attribute(attributes, 'type');
      const list = declarations.get(localName(name)) ?? [];
      list.push({
        required: attribute(attributes, 'minOccurs') !== '0',
        constrained:
          type !== undefined &&
          (constrainedBuiltins.has(localName(type)) || constrainedTypes.has(localName(type))),
      });
      declarations.set(localName(name), list);
    }
  }
  const required = new Set<string>();
  const constrained = new Set<string>();
  for (const [name, list] of declarations) {
    if (list.every((declaration) => declaration.required)) required.add(name);
    if (list.every((declaration) => declaration.constrained)) constrained.add(name);
  }
  return { required, constrained };
}

export interface XmlMutation {
  kind: MutationKind;
  pointer: string;
  description: string;
  xml: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Mutations of an XML document its XSD must reject: drop every occurrence of a required element (all of
 * them, so a repeated element cannot survive by its siblings), or put an invalid text in a leaf whose type
 * is constrained. The document element itself is kept.
 */
export function xmlMutations(xml: string, facts: XsdFacts, limit = 40): XmlMutation[] {
  const mutations: XmlMutation[] = [];
  const rootName = /<([A-Za-z_][\w.:-]*)[\s>/]/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1];
  const names = [
    ...new Set([...xml.matchAll(/<([A-Za-z_][\w.:-]*)[\s>/]/g)].map((found) => found[1] ?? '')),
  ].filter((name) => name !== '' && name !== rootName);
  for (const name of names) {
    if (mutations.length >= limit) break;
    const local = localName(name);
    const element = new RegExp(
      `<${escapeRegExp(name)}(\\s[^>]*)?(/>|>[\\s\\S]*?</${escapeRegExp(name)}\\s*>)`,
      'g',
    );
    if (facts.required.has(local)) {
      const count = xml.match(element)?.length ?? 0;
      mutations.push({
        kind: 'drop-xml-element',
        pointer: `//${local}`,
        description: `drop required element <${local}>${count > 1 ? ` (all ${count})` : ''}`,
        xml: xml.replace(element, ''),
      });
    }
    if (facts.constrained.has(local) && mutations.length < limit) {
      const leaf = new RegExp(`(<${escapeRegExp(name)}(?:\\s[^>]*)?>)([^<]*)(</${escapeRegExp(name)}\\s*>)`);
      if (leaf.test(xml)) {
        mutations.push({
          kind: 'break-xml-value',
          pointer: `//${local}`,
          description: `invalid value in <${local}>`,
          xml: xml.replace(leaf, '$1not-a-valid-value$3'),
        });
      }
    }
  }
  return mutations;
}
