/** A recording that is not what HAR 1.2 (or NDJSON of HAR entries) says it is: the message names the place (a
 * field of the entry, or a line and column of the file) and what is wrong there. */
export class HarFormatError extends Error {
  override readonly name = 'HarFormatError';
}
