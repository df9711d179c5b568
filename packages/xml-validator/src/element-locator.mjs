// Locates the elements libxml2's schema errors are about, next to the engine (libxml2-core.mjs), so that the
// thread that validated a document also locates its issues: a 10 MB document is scanned on the engine worker,
// and the caller's thread only receives the bounded list of located issues.
import { LineCounter } from './line-counter.mjs';

// `Element 'Order', attribute 'foo': ...` or `Element '{urn:x}Order': ...`
const SUBJECT = /^Element '([^']+)'(?:, attribute '([^']+)')?:/;

/**
 * @typedef {{ message: string, line: number | undefined }} EngineIssue
 * @typedef {{ message: string, line: number | undefined, column?: number, path?: string }} LocatedIssue
 * @typedef {{ qualifiedName: string, position: number, childrenByName: Map<string, number> | undefined }} OpenElement
 * @typedef {{ firstLine: number, column: number, ancestry: OpenElement[] | undefined }} Candidate
 */

/** Adds the column and element path to the issues whose element can be found without guessing: the one
 * element of the issue's name whose start tag is on the issue's line. */
export function locateIssues(xml, issues) {
  const subjects = issues.map((issue) => {
    const subject = SUBJECT.exec(issue.message);
    const name = subject?.[1];
    if (name === undefined || issue.line === undefined) return undefined;
    return { line: issue.line, localName: localPart(name), attribute: subject?.[2] };
  });
  /** @type {Map<number, Map<string, Candidate | 'ambiguous' | undefined>>} */
  const asked = new Map();
  for (const subject of subjects) {
    if (subject === undefined) continue;
    const names = asked.get(subject.line) ?? new Map();
    names.set(subject.localName, undefined);
    asked.set(subject.line, names);
  }
  if (asked.size > 0) scan(xml, asked);
  return issues.map((issue, index) => {
    const subject = subjects[index];
    const found = subject && asked.get(subject.line)?.get(subject.localName);
    if (subject === undefined || found === undefined || found === 'ambiguous' || !found.ancestry) {
      return { message: issue.message, line: issue.line };
    }
    const path = pathOf(found.ancestry);
    return {
      message: issue.message,
      line: issue.line,
      column: found.column,
      path: subject.attribute === undefined ? path : `${path}/@${subject.attribute}`,
    };
  });
}

/** Fills `asked` (line -> local name -> candidate) in one pass. */
function scan(xml, asked) {
  let unanswered = 0;
  for (const names of asked.values()) unanswered += names.size;
  /** @type {OpenElement} */
  const root = { qualifiedName: '', position: 1, childrenByName: undefined };
  /** @type {OpenElement[]} */
  const open = [root];
  // Line counting moves forward with the cursor, so the whole scan is linear in the document.
  const lines = new LineCounter(xml);
  let cursor = xml.indexOf('<');
  while (cursor !== -1 && cursor < xml.length) {
    const end = markupEnd(xml, cursor);
    if (end === -1) return;
    const next = xml.charCodeAt(cursor + 1);
    if (next === 0x2f /* / */) {
      if (open.length > 1) open.pop();
    } else if (next !== 0x21 /* ! */ && next !== 0x3f /* ? */) {
      const parent = open[open.length - 1] ?? root;
      const qualifiedName = xml.slice(cursor + 1, nameEnd(xml, cursor + 1, end));
      parent.childrenByName ??= new Map();
      const position = (parent.childrenByName.get(qualifiedName) ?? 0) + 1;
      parent.childrenByName.set(qualifiedName, position);
      /** @type {OpenElement} */
      const element = { qualifiedName, position, childrenByName: undefined };
      lines.advanceTo(cursor);
      const firstLine = lines.line;
      const column = lines.columnOf(cursor);
      lines.advanceTo(end);
      for (let spanned = firstLine; spanned <= lines.line; spanned++) {
        const names = asked.get(spanned);
        if (names === undefined) continue;
        const localName = localPart(qualifiedName);
        if (!names.has(localName)) continue;
        const earlier = names.get(localName);
        if (earlier === 'ambiguous') continue;
        if (earlier === undefined) {
          // The ancestry is copied now; sibling counts are read when the path is built, after the scan,
          // so that `[n]` appears exactly when the element has same-named siblings.
          names.set(localName, { firstLine, column, ancestry: [...open.slice(1), element] });
        } else {
          // Two elements of that name on that line: any answer would be a guess, and stays one.
          names.set(localName, 'ambiguous');
          if (--unanswered === 0) return;
        }
      }
      if (xml.charCodeAt(end - 1) !== 0x2f /* / */) open.push(element);
    }
    cursor = xml.indexOf('<', end + 1);
  }
}

/** Offset just past the element name that starts at `start`: the first space, `/` or `>`. */
function nameEnd(xml, start, end) {
  for (let at = start; at < end; at++) {
    const code = xml.charCodeAt(at);
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x2f || code === 0x3e) {
      return at;
    }
  }
  return end;
}

/** Offset of the `>` that ends the markup starting at `start`, skipping comments, CDATA and quoted values. */
function markupEnd(xml, start) {
  if (xml.startsWith('<!--', start)) return endOf(xml.indexOf('-->', start + 4), 2);
  if (xml.startsWith('<![CDATA[', start)) return endOf(xml.indexOf(']]>', start + 9), 2);
  if (xml.startsWith('<?', start)) return endOf(xml.indexOf('?>', start + 2), 1);
  let quote = 0;
  for (let at = start + 1; at < xml.length; at++) {
    const code = xml.charCodeAt(at);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 0x22 || code === 0x27) {
      quote = code;
    } else if (code === 0x3e) {
      return at;
    }
  }
  return -1;
}

/**  */
function endOf(found, lengthBeyond) {
  return found === -1 ? -1 : found + lengthBeyond;
}

/** `Local`, `prefix:Local` or the engine's `{namespace}Local` to `Local`. */
function localPart(name) {
  const withoutNamespace = name.startsWith('{') ? name.slice(name.indexOf('}') + 1) : name;
  const colon = withoutNamespace.indexOf(':');
  return colon === -1 ? withoutNamespace : withoutNamespace.slice(colon + 1);
}

/** @param {OpenElement[]} ancestry */
function pathOf(ancestry) {
  const segments = ancestry.map((element, index) => {
    const parentCounts = index === 0 ? undefined : ancestry[index - 1]?.childrenByName;
    const siblingsOfName = parentCounts?.get(element.qualifiedName) ?? 1;
    return siblingsOfName > 1 ? `${element.qualifiedName}[${element.position}]` : element.qualifiedName;
  });
  return `/${segments.join('/')}`;
}
