/** A location inside a document, as Spectral reports it: object keys and array indexes. */
export type JsonPath = (string | number)[];

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Decodes one JSON Pointer segment (RFC 6901), after URI decoding as used in `$ref` fragments. */
function decodePointerSegment(segment: string): string {
  return decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Reads a local reference such as `#/components/schemas/Error` from `root`. Returns undefined when the
 * reference is not local or does not lead anywhere.
 */
export function readLocalPointer(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  const body = pointer.slice(1);
  if (body === '') return root;
  if (!body.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of body.slice(1).split('/')) {
    const segment = decodePointerSegment(raw);
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[segment];
    else return undefined;
  }
  return node;
}
