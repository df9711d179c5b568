// The types of element-locator.mjs (plain JavaScript, loaded by URL in the worker).
export interface LocatedIssue {
  message: string;
  line: number | undefined;
  /** Column of the `<` of the element's start tag, when the element is found without guessing. */
  column?: number;
  /** Such as `/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber[2]`. */
  path?: string;
}

export declare function locateIssues(
  xml: string,
  issues: ReadonlyArray<{ message: string; line: number | undefined }>,
): LocatedIssue[];
