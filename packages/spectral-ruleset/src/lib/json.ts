/** A location inside a document, as Spectral reports it: object keys and array indexes. */
export type JsonPath = (string | number)[];

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}
