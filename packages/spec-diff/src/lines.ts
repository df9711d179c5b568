// Where a JSON pointer is written in a YAML or JSON file, for annotations that land on the line: the nearest
// part of the pointer the file holds (a removed property is annotated at the object it left).
import { decodePointerSegment } from '@svc-contracts/openapi-utils';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** A function from a pointer (`#/paths/~1items/post`) to its 1-based line in `text`, or undefined. */
export function lineFinder(text: string): (pointer: string | undefined) => number | undefined {
  const counter = new LineCounter();
  let root: unknown;
  try {
    const document = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
    if (document.errors.length > 0) return () => undefined;
    root = document.contents;
  } catch {
    return () => undefined;
  }
  return (pointer) => {
    if (pointer === undefined || !pointer.startsWith('#/')) return undefined;
    let node: unknown = root;
    let at: [number, number, number] | undefined;
    for (const raw of pointer.slice(2).split('/')) {
      const segment = decodePointerSegment(raw);
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
        if (!pair) break;
        at = (pair.key as Node).range ?? at;
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as Node | undefined;
        if (item === undefined || !/^\d+$/.test(segment)) break;
        at = item.range ?? at;
        node = item;
      } else break;
    }
    return at ? counter.linePos(at[0]).line : undefined;
  };
}
