import { LineIndex } from './line-index.js';

export interface ElementLocation {
  /** Such as `/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber[2]`. */
  path: string;
  line: number;
  /** Column of the `<` of the start tag. */
  column: number;
}

interface ElementRecord {
  qualifiedName: string;
  localName: string;
  parent: ElementRecord | undefined;
  /** 1-based position among the parent's children of the same name. */
  position: number;
  /** Lines spanned by the start tag: engines report either end for a tag written over several lines. */
  firstLine: number;
  lastLine: number;
  column: number;
  sameNameSiblings: Map<string, number>;
}

/**
 * Finds the element an engine message is about, from the element's name and the line the engine reports,
 * and turns it into a path a reader can follow. Only used on documents the engine found well-formed, so a
 * light tokenizer is enough. When two elements of that name start on that line (a document written on one
 * line), the answer would be a guess, so there is none.
 */
export class ElementLocator {
  private readonly elements: ElementRecord[] = [];

  constructor(xml: string) {
    this.scan(xml, new LineIndex(xml));
  }

  /** `name` may be `Local`, `prefix:Local` or the engine's `{namespace}Local`. */
  locate(name: string, line: number): ElementLocation | undefined {
    const localName = localPart(name);
    const candidates = this.elements.filter(
      (element) => element.localName === localName && element.firstLine <= line && line <= element.lastLine,
    );
    const [only] = candidates;
    if (candidates.length !== 1 || only === undefined) return undefined;
    return { path: pathOf(only), line: only.firstLine, column: only.column };
  }

  private scan(xml: string, lines: LineIndex): void {
    const root: ElementRecord = {
      qualifiedName: '',
      localName: '',
      parent: undefined,
      position: 1,
      firstLine: 0,
      lastLine: 0,
      column: 0,
      sameNameSiblings: new Map(),
    };
    const open: ElementRecord[] = [root];
    let cursor = xml.indexOf('<');
    while (cursor !== -1 && cursor < xml.length) {
      const end = markupEnd(xml, cursor);
      if (end === -1) return;
      const next = xml.charAt(cursor + 1);
      if (next === '/') {
        if (open.length > 1) open.pop();
      } else if (next !== '!' && next !== '?') {
        const parent = open[open.length - 1] ?? root;
        const qualifiedName = /^[^\s/>]+/.exec(xml.slice(cursor + 1, end))?.[0] ?? '';
        const position = (parent.sameNameSiblings.get(qualifiedName) ?? 0) + 1;
        parent.sameNameSiblings.set(qualifiedName, position);
        const start = lines.positionOf(cursor);
        const element: ElementRecord = {
          qualifiedName,
          localName: localPart(qualifiedName),
          parent: parent === root ? undefined : parent,
          position,
          firstLine: start.line,
          lastLine: lines.positionOf(end).line,
          column: start.column,
          sameNameSiblings: new Map(),
        };
        this.elements.push(element);
        if (xml.charAt(end - 1) !== '/') open.push(element);
      }
      cursor = xml.indexOf('<', end + 1);
    }
  }
}

/** Offset of the `>` that ends the markup starting at `start`, skipping comments, CDATA and quoted values. */
function markupEnd(xml: string, start: number): number {
  if (xml.startsWith('<!--', start)) return endOf(xml.indexOf('-->', start + 4), 2);
  if (xml.startsWith('<![CDATA[', start)) return endOf(xml.indexOf(']]>', start + 9), 2);
  if (xml.startsWith('<?', start)) return endOf(xml.indexOf('?>', start + 2), 1);
  let quote = '';
  for (let i = start + 1; i < xml.length; i++) {
    const char = xml.charAt(i);
    if (quote !== '') {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return i;
    }
  }
  return -1;
}

function endOf(found: number, lengthBeyond: number): number {
  return found === -1 ? -1 : found + lengthBeyond;
}

function localPart(name: string): string {
  const withoutNamespace = name.replace(/^\{[^}]*\}/, '');
  const colon = withoutNamespace.indexOf(':');
  return colon === -1 ? withoutNamespace : withoutNamespace.slice(colon + 1);
}

function pathOf(element: ElementRecord): string {
  const segments: string[] = [];
  for (let current: ElementRecord | undefined = element; current !== undefined; current = current.parent) {
    const siblingsOfName = current.parent?.sameNameSiblings.get(current.qualifiedName) ?? 1;
    segments.unshift(
      siblingsOfName > 1 ? `${current.qualifiedName}[${current.position}]` : current.qualifiedName,
    );
  }
  return `/${segments.join('/')}`;
}
