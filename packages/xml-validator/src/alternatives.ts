import type { ValidateOptions, XmlValidationResult, XsdValidator } from './types.js';

/** Validates one document against alternative schemas (`x-xsd.schema` and `x-xsd.legacySchema` of the
 * number-management notification): valid when it is valid against any of them. */
export async function validateAgainstAny(
  validators: readonly XsdValidator[],
  xml: string,
  opts: ValidateOptions = {},
): Promise<XmlValidationResult> {
  const [first, ...others] = validators;
  if (first === undefined) throw new TypeError('validateAgainstAny needs at least one validator.');
  const primary = await first.validate(xml, opts);
  if (primary.valid || others.length === 0) return primary;
  for (const other of others) {
    const result = await other.validate(xml, opts);
    if (result.valid) return result;
  }
  // Only schema issues mean "the other schema refused it"; a well-formedness or DOCTYPE issue is the
  // same whatever the schema, so it is reported once as it is.
  if (!primary.issues.some((issue) => issue.rule === 'xsd')) return primary;
  // The file name only: the absolute path is the machine's, not the contract's.
  const tried = others.map((other) => other.xsdPath.split(/[\\/]/).pop() ?? other.xsdPath).join(', ');
  // Said on the last issue (not as one more issue), so a caller counting issues per rule counts the same.
  const suffix = ` (not valid against the alternative schema${others.length > 1 ? 's' : ''} ${tried} either)`;
  const issues = primary.issues.map((issue, index) =>
    index === primary.issues.length - 1 ? { ...issue, message: `${issue.message}${suffix}` } : issue,
  );
  return { ...primary, issues };
}
