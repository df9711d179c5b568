/** A schema the model cannot read: malformed, outside the supported subset, or with a dangling reference. */
export class XsdModelError extends Error {
  override name = 'XsdModelError';

  /** `file` is the path the schema was read from; the message starts with it. */
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}
