export interface ElementLocation {
  /** Such as `/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber[2]`. */
  path: string;
  line: number;
  /** Column of the `<` of the start tag. */
  column: number;
}

interface OpenElement {
  qualifiedName: string;
  /** 1-based position among the parent's children of the same name. */
  position: number;
  /** How many children of each name this element has had so far. */
  childrenByName: Map<string, number>;
}

interface FoundElement {
  localName: string;
  /** Lines spanned by the start tag: engines report either end for a tag written over several lines. */
  firstLine: number;
  lastLine: number;
  column: number;
  ancestry: OpenElement[];
}

/**
 * Finds the elements engine messages are about, from the element's name and the line the engine reports,
 * and turns them into paths a reader can follow. One pass over the document, whatever the number of
 * issues: only elements on the lines asked about are kept. Only used on documents the engine found
 * well-formed, so a light tokenizer is enough. When two elements of that name start on that line (a
 * document written on one line), the answer would be a guess, so there is none.
 */
export class ElementLocator {
  private readonly byLine = new Map<number, FoundElement[]>();

  /** `lines`: the lines issues are reported on; elements elsewhere are not kept. */
  constructor(xml: string, lines: Iterable<number>) {
    const wanted = new Set(lines);
    if (wanted.size > 0) this.scan(xml, wanted);
  }

  /** `name` may be `Local`, `prefix:Local` or the engine's `{namespace}Local`. */
  locate(name: string, line: number): ElementLocation | undefined {
    const localName = localPart(name);
    const candidates = (this.byLine.get(line) ?? []).filter((element) => element.localName === localName);
    const [only] = candidates;
    if (candidates.length !== 1 || only === undefined) return undefined;
    return { path: pathOf(only.ancestry), line: only.firstLine, column: only.column };
  }

  private scan(xml: string, wanted: Set<number>): void {
    const root: OpenElement = { qualifiedName: '', position: 1, childrenByName: new Map() };
    const open: OpenElement[] = [root];
    // Line counting moves forward with the cursor, so the whole scan is linear in the document.
    let line = 1;
    let lineStart = 0;
    let counted = 0;
    const advanceTo = (offset: number): void => {
      for (; counted < offset; counted++) {
        const code = xml.charCodeAt(counted);
        if (code === 0x0a || (code === 0x0d && xml.charCodeAt(counted + 1) !== 0x0a)) {
          line++;
          lineStart = counted + 1;
        }
      }
    };
    let cursor = xml.indexOf('<');
    while (cursor !== -1 && cursor < xml.length) {
      const end = markupEnd(xml, cursor);
      if (end === -1) return;
      const next = xml.charAt(cursor + 1);
      if (next === '/') {
        if (open.length > 1) open.pop();
      } else if (next !== '!' && next !== '?') {
        const parent = open[open.length - 1] ?? root;
        const qualifiedName =
          /^[^\s/>]+/.exec(xml.slice(cursor + 1, Math.min(end, cursor + 1 + 1024)))?.[0] ?? '';
        const position = (parent.childrenByName.get(qualifiedName) ?? 0) + 1;
        parent.childrenByName.set(qualifiedName, position);
        const element: OpenElement = { qualifiedName, position, childrenByName: new Map() };
        advanceTo(cursor);
        const firstLine = line;
        const column = cursor - lineStart + 1;
        advanceTo(end);
        for (let spanned = firstLine; spanned <= line; spanned++) {
          if (!wanted.has(spanned)) continue;
          const found = this.byLine.get(spanned) ?? [];
          // The ancestry is copied now; sibling counts are read when the path is built, after the scan,
          // so that `[n]` appears exactly when the element has same-named siblings.
          found.push({
            localName: localPart(qualifiedName),
            firstLine,
            lastLine: line,
            column,
            ancestry: [...open.slice(1), element],
          });
          this.byLine.set(spanned, found);
        }
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

function pathOf(ancestry: OpenElement[]): string {
  const segments = ancestry.map((element, index) => {
    const parentCounts = index === 0 ? undefined : ancestry[index - 1]?.childrenByName;
    const siblingsOfName = parentCounts?.get(element.qualifiedName) ?? 1;
    return siblingsOfName > 1 ? `${element.qualifiedName}[${element.position}]` : element.qualifiedName;
  });
  return `/${segments.join('/')}`;
}
