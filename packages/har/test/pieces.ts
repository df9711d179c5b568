/** A HAR entry of the fixtures' shape, `GET /api/v1/workflow/fetch/<id>` answered 200 with `{"id":<id>}`. */
export const entry = (id: number): object => ({
  request: { method: 'GET', url: `http://h/api/v1/workflow/fetch/${id}`, headers: [] },
  response: { status: 200, headers: [], content: { mimeType: 'application/json', text: `{"id":${id}}` } },
});

/**
 * `text` as UTF-8 in pieces of `size` bytes, each copied into one buffer used again, as the file reader
 * reads: what a push hands out is taken before the next piece overwrites the buffer, and a scanner that
 * kept a view of a chunk past its push would read the bytes written over it.
 */
export function* piecesOf(text: string, size: number): Generator<Buffer> {
  const bytes = Buffer.from(text);
  const reused = Buffer.alloc(size);
  for (let at = 0; at < bytes.length; at += size) {
    const length = bytes.copy(reused, 0, at, at + size);
    yield reused.subarray(0, length);
    reused.fill(0x3f);
  }
}
