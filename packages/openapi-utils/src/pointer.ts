import { isObject } from './json.js';

/** Escapes one JSON Pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Decodes one segment of a plain JSON Pointer (RFC 6901): `~1` is `/`, `~0` is `~`. */
export function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Decodes one JSON Pointer segment; `$ref` fragments are URI-encoded first (RFC 3986). */
export function decodePointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {}
  return unescapePointer(decoded);
}

/** Reads a JSON Pointer or local reference from `root`; undefined when not local or leading nowhere. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '') return root;
  if (!body.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of body.slice(1).split('/')) {
    const segment = decodePointerSegment(raw);
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** Joins segments into a local reference: `pointerOf(['paths', '/a/{id}', 'get'])` is `#/paths/~1a~1{id}/get`. */
export function pointerOf(segments: ReadonlyArray<string | number>): string {
  return `#${segments.map((segment) => `/${escapePointer(String(segment))}`).join('')}`;
}
