// Where a JSON pointer is written in a YAML or JSON file (the nearest part of it the file holds), for annotations.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { decodePointerSegment } from '@svc-contracts/openapi-utils';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** How far a pointer went in one file: its line, and where a `$ref` to another file took the rest of it. */
interface Located {
  line?: number;
  /** The `$ref` value met on the way (a file, maybe with a fragment), and the segments after it. */
  ref?: { target: string; rest: string[] };
}

function locator(text: string): (segments: string[]) => Located {
  const counter = new LineCounter();
  let root: unknown;
  try {
    const document = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
    if (document.errors.length > 0) return () => ({});
    root = document.contents;
  } catch {
    return () => ({});
  }
  return (segments) => {
    let node: unknown = root;
    let at: [number, number, number] | undefined;
    for (const [index, raw] of segments.entries()) {
      const segment = decodePointerSegment(raw);
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
        if (!pair) {
          const ref = node.items.find((item) => isScalar(item.key) && item.key.value === '$ref')?.value;
          if (isScalar(ref) && typeof ref.value === 'string' && !ref.value.startsWith('#'))
            return { ...lineOf(counter, at), ref: { target: ref.value, rest: segments.slice(index) } };
          break;
        }
        at = (pair.key as Node).range ?? at;
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as Node | undefined;
        if (item === undefined || !/^\d+$/.test(segment)) break;
        at = item.range ?? at;
        node = item;
      } else break;
    }
    if (isMap(node)) {
      const ref = node.items.find((item) => isScalar(item.key) && item.key.value === '$ref')?.value;
      if (isScalar(ref) && typeof ref.value === 'string' && !ref.value.startsWith('#'))
        return { ...lineOf(counter, at), ref: { target: ref.value, rest: [] } };
    }
    return lineOf(counter, at);
  };
}

function lineOf(counter: LineCounter, at: [number, number, number] | undefined): { line?: number } {
  return at ? { line: counter.linePos(at[0]).line } : {};
}

const segmentsOf = (pointer: string): string[] | undefined =>
  pointer === '#' || pointer === '' ? [] : pointer.startsWith('#/') ? pointer.slice(2).split('/') : undefined;

/** A function from a pointer (`#/paths/~1items/post`) to its 1-based line in `text`, or undefined. */
export function lineFinder(text: string): (pointer: string | undefined) => number | undefined {
  const locate = locator(text);
  return (pointer) => {
    const segments = pointer === undefined ? undefined : segmentsOf(pointer);
    return segments === undefined || segments.length === 0 ? undefined : locate(segments).line;
  };
}

/** A spec location's file (relative to the root it was given in, `/`-separated) and 1-based line. */
export interface SpecLine {
  file: string;
  line?: number;
}

/** Where a spec location is written, following `$ref`s to other files below `root` a few deep; no line, never an error, otherwise. */
export function specLineFinder(root: string): (location: string) => SpecLine | undefined {
  const base = resolve(root);
  const locators = new Map<string, ReturnType<typeof locator> | undefined>();
  const locatorOf = (file: string): ReturnType<typeof locator> | undefined => {
    if (!locators.has(file)) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      locators.set(file, text === undefined ? undefined : locator(text));
    }
    return locators.get(file);
  };
  const inside = (file: string): boolean => {
    const path = relative(base, file);
    return path !== '' && !path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path);
  };
  return (location) => {
    const hash = location.indexOf('#');
    const filePart = hash < 0 ? location : location.slice(0, hash);
    let segments = segmentsOf(hash < 0 ? '#' : location.slice(hash));
    let file = resolve(base, filePart);
    if (segments === undefined || !inside(file) || !/\.(ya?ml|json)$/i.test(file)) return undefined;
    let found: SpecLine = { file: toPosix(relative(base, file)) };
    // A component the bundle hoisted from a file of its own (Redocly's split layout) is looked for there.
    const [first, section, name] = segments;
    if (first === 'components' && section !== undefined && name !== undefined) {
      const split = ['yaml', 'yml', 'json']
        .map((ext) => resolve(dirname(file), 'components', section, `${decodePointerSegment(name)}.${ext}`))
        .find((candidate) => inside(candidate) && locatorOf(candidate) !== undefined);
      if (split) {
        file = split;
        segments = segments.slice(3);
        if (segments.length === 0) return { file: toPosix(relative(base, file)), line: 1 };
      }
    }
    for (let depth = 0; depth < 8; depth++) {
      const locate = locatorOf(file);
      if (!locate) return found;
      const located = locate(segments);
      if (located.line !== undefined || depth === 0)
        found = { file: toPosix(relative(base, file)), ...(located.line ? { line: located.line } : {}) };
      if (!located.ref) return found;
      const { target, rest } = located.ref;
      const [targetFile = '', fragment = ''] = target.split('#');
      const next = resolve(dirname(file), targetFile);
      const start = segmentsOf(fragment === '' ? '#' : `#${fragment}`);
      if (!inside(next) || !/\.(ya?ml|json)$/i.test(next) || start === undefined) return found;
      file = next;
      segments = [...start, ...rest];
      if (segments.length === 0) return { file: toPosix(relative(base, file)), line: 1 };
    }
    return found;
  };
}

const toPosix = (path: string): string => path.split(sep).join('/');
