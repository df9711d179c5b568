import { loadXsd } from './load-xsd.js';
import type { ComplexType, ElementDecl, Particle, SimpleType, XsdSchema } from './model.js';
import { effectiveSimpleType } from './simple-type.js';

/** The child elements a complex type names, by name; undefined where no element child is judged here. */
type ListedChildren = ReadonlyMap<string, ElementDecl> | undefined;

/** A function that blanks out every element the schema does not list where it stands: a child of an element
 * of complex type whose content model does not name it, with all it holds. */
export function unlistedElementsBlanker(schema: XsdSchema): (xml: string) => string {
  const memo = new Map<ElementDecl, ListedChildren>();
  const listedChildren = (decl: ElementDecl): ListedChildren => {
    if (!memo.has(decl)) memo.set(decl, childrenOfType(schema, decl.type));
    return memo.get(decl);
  };
  const typed = typedElementNames(schema);
  return (xml) => blankUnlisted(xml, schema, listedChildren, typed) ?? xml;
}

/** Tests of an element's text, by element name: what its simple type allows wherever the schema lists it. */
type TypedNames = ReadonlyMap<string, Array<(text: string) => boolean>>;

/** The elements the schema declares somewhere with a simple type that restricts its values (a pattern or an
 * enumeration: `TelephoneNumber`, E.164), with a test of their text. */
function typedElementNames(schema: XsdSchema): TypedNames {
  const tests = new Map<string, Array<(text: string) => boolean>>();
  const seen = new Set<ElementDecl>();
  const visit = (decl: ElementDecl): void => {
    if (seen.has(decl)) return;
    seen.add(decl);
    const type = decl.type;
    const complex =
      type.kind === 'complex' ? type : type.kind === 'named' ? schema.complexTypes.get(type.name) : undefined;
    if (complex !== undefined) {
      const walk = (particles: readonly Particle[]): void => {
        for (const particle of particles) {
          if (particle.kind === 'element') visit(particle);
          else walk(particle.particles);
        }
      };
      if (complex.content) walk(complex.content.particles);
      return;
    }
    const test = valueTest(schema, type);
    if (test === undefined) return;
    const list = tests.get(decl.name) ?? [];
    list.push(test);
    tests.set(decl.name, list);
  };
  for (const root of schema.elements.values()) visit(root);
  // A name that is also declared without a restricting simple type somewhere is left open.
  for (const decl of seen) {
    if (tests.has(decl.name) && decl.type.kind !== 'complex' && valueTest(schema, decl.type) === undefined) {
      tests.delete(decl.name);
    }
  }
  return tests;
}

function valueTest(schema: XsdSchema, type: ElementDecl['type']): ((text: string) => boolean) | undefined {
  if (type.kind === 'complex') return undefined;
  if (type.kind === 'named' && !schema.simpleTypes.has(type.name)) return undefined;
  if (type.kind === 'builtin') return undefined;
  let facets: ReturnType<typeof effectiveSimpleType>['facets'];
  try {
    facets = effectiveSimpleType(schema, type).facets;
  } catch {
    return undefined;
  }
  const { patterns, enumeration } = facets;
  if (patterns.length === 0 && enumeration.length === 0) return undefined;
  let compiled: RegExp[];
  try {
    // XSD patterns match the whole value.
    compiled = patterns.map((pattern) => new RegExp(`^(?:${pattern})$`, 'u'));
  } catch {
    return undefined;
  }
  const allowed = enumeration.length > 0 ? new Set(enumeration) : undefined;
  return (text) => (allowed === undefined || allowed.has(text)) && compiled.every((one) => one.test(text));
}

/** Whether `xml[start, end)` (an element about to be blanked) is or holds an element of {@link TypedNames}
 * whose text its type refuses. */
function holdsRefusedValue(xml: string, start: number, end: number, typed: TypedNames): boolean {
  if (typed.size === 0) return false;
  let at = start;
  while (at < end) {
    const tag = nextTag(xml, at);
    if (tag === undefined || tag === 'unreadable' || tag.start >= end) return false;
    at = tag.end;
    const tests = tag.kind === 'close' ? undefined : typed.get(tag.name);
    if (tests === undefined) continue;
    let text = '';
    if (tag.kind === 'open') {
      const close = xml.indexOf('<', tag.end);
      if (close < 0) return false;
      text = xml.slice(tag.end, close);
      if (text.includes('&') || !xml.startsWith('</', close)) continue;
    }
    if (!tests.some((test) => test(text))) return true;
  }
  return false;
}

function childrenOfType(schema: XsdSchema, type: ElementDecl['type']): ListedChildren {
  let resolved: ComplexType | SimpleType | undefined;
  if (type.kind === 'builtin') return undefined;
  if (type.kind === 'named')
    resolved = schema.complexTypes.get(type.name) ?? schema.simpleTypes.get(type.name);
  else resolved = type;
  if (resolved?.kind !== 'complex') return undefined;
  const children = new Map<string, ElementDecl>();
  const collect = (particles: readonly Particle[]): void => {
    for (const particle of particles) {
      if (particle.kind === 'element') children.set(particle.name, particle);
      else collect(particle.particles);
    }
  };
  if (resolved.content) collect(resolved.content.particles);
  return children;
}

interface Tag {
  kind: 'open' | 'close' | 'empty';
  /** The local name (a namespace prefix dropped). */
  name: string;
  start: number;
  /** Just after the `>`. */
  end: number;
}

/** The next start, end or empty-element tag from `from`, passing over comments, CDATA, PIs and declarations. */
function nextTag(xml: string, from: number): Tag | undefined | 'unreadable' {
  let at = xml.indexOf('<', from);
  while (at >= 0) {
    const skipTo = (closing: string): number => {
      const found = xml.indexOf(closing, at + 2);
      return found < 0 ? -1 : found + closing.length;
    };
    const next = xml.charCodeAt(at + 1);
    if (next !== BANG && next !== QUESTION) return readTag(xml, at);
    let after: number;
    if (xml.startsWith('<!--', at)) after = skipTo('-->');
    else if (xml.startsWith('<![CDATA[', at)) after = skipTo(']]>');
    else if (next === QUESTION) after = skipTo('?>');
    else after = skipTo('>');
    if (after < 0) return 'unreadable';
    at = xml.indexOf('<', after);
  }
  return undefined;
}

function readTag(xml: string, start: number): Tag | 'unreadable' {
  const closing = xml.charCodeAt(start + 1) === SLASH;
  let at = start + (closing ? 2 : 1);
  const nameStart = at;
  // Character codes, not one-character strings: a 10 MB document has hundreds of thousands of tags.
  for (let code = xml.charCodeAt(at); at < xml.length; code = xml.charCodeAt(++at)) {
    if (code === SLASH || code === GREATER || code === SPACE || code === TAB || code === LF || code === CR)
      break;
  }
  if (at === nameStart) return 'unreadable';
  const qualified = xml.slice(nameStart, at);
  // To the `>` that ends the tag: one inside a quoted attribute value does not.
  let quote = 0;
  for (; at < xml.length; at++) {
    const code = xml.charCodeAt(at);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) quote = code;
    else if (code === GREATER) break;
  }
  if (at >= xml.length) return 'unreadable';
  const name = qualified.slice(qualified.indexOf(':') + 1);
  const kind = closing ? 'close' : xml.charCodeAt(at - 1) === SLASH ? 'empty' : 'open';
  return { kind, name, start, end: at + 1 };
}

const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;
const GREATER = 0x3e;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** Just after the end of the element whose start tag is `open` (its own end tag, nested elements passed). */
function elementEnd(xml: string, open: Tag): number | undefined {
  if (open.kind === 'empty') return open.end;
  let depth = 1;
  let at = open.end;
  for (;;) {
    const tag = nextTag(xml, at);
    if (tag === undefined || tag === 'unreadable') return undefined;
    if (tag.kind === 'open') depth++;
    else if (tag.kind === 'close') depth--;
    at = tag.end;
    if (depth === 0) return at;
  }
}

/** The text with the unlisted elements blanked, the same text when there are none, undefined when unreadable. */
function blankUnlisted(
  xml: string,
  schema: XsdSchema,
  listedChildren: (decl: ElementDecl) => ListedChildren,
  typed: TypedNames,
): string | undefined {
  const open: ListedChildren[] = [];
  const blanked: Array<[number, number]> = [];
  let at = 0;
  for (;;) {
    const tag = nextTag(xml, at);
    if (tag === 'unreadable') return undefined;
    if (tag === undefined) break;
    at = tag.end;
    if (tag.kind === 'close') {
      open.pop();
      continue;
    }
    let children: ListedChildren;
    if (open.length === 0) {
      const root = schema.elements.get(tag.name);
      if (root === undefined) return xml;
      children = listedChildren(root);
    } else {
      const parent = open[open.length - 1];
      const decl = parent?.get(tag.name);
      if (parent !== undefined && decl === undefined) {
        const end = elementEnd(xml, tag);
        if (end === undefined) return undefined;
        // Kept (and so refused by the validator) when it is, or holds, a typed element its type refuses.
        if (!holdsRefusedValue(xml, tag.start, end, typed)) blanked.push([tag.start, end]);
        at = end;
        continue;
      }
      children = decl === undefined ? undefined : listedChildren(decl);
    }
    if (tag.kind === 'open') open.push(children);
  }
  if (blanked.length === 0) return xml;
  // Joined once at the end: concatenating the pieces one by one is several times slower.
  const parts: string[] = [];
  let from = 0;
  for (const [start, end] of blanked) {
    parts.push(xml.slice(from, start), blankedText(xml, start, end));
    from = end;
  }
  parts.push(xml.slice(from));
  return parts.join('');
}

/** `xml[start, end)` as spaces, its line breaks kept (so that lines and columns after it stay put). */
function blankedText(xml: string, start: number, end: number): string {
  const text = xml.slice(start, end);
  return text.includes('\n') || text.includes('\r') ? text.replace(/[^\r\n]/g, ' ') : ' '.repeat(end - start);
}

/** {@link unlistedElementsBlanker} of the XSD at `xsdPath`, read on the first document that needs it (a
 * refused one: valid documents never do). */
export function acceptUnlistedElements(
  xsdPath: string,
  load: (path: string) => XsdSchema = loadXsd,
): (xml: string) => string {
  let blank: ((xml: string) => string) | undefined;
  return (xml) => {
    if (blank === undefined) {
      try {
        blank = unlistedElementsBlanker(load(xsdPath));
      } catch {
        blank = (text) => text;
      }
    }
    return blank(xml);
  };
}
