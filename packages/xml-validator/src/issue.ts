import type { XmlIssue, XmlIssueRule } from './types.js';

export interface IssueParts {
  rule: XmlIssueRule;
  /** What is wrong, without location, for example `element 'SiteId': This element is not expected.` */
  text: string;
  line?: number | undefined;
  column?: number | undefined;
  path?: string | undefined;
  fileName?: string | undefined;
}

/** Builds an issue whose message carries its own location, so a caller that only prints `message` still tells
 * the reader where to look. */
export function createIssue(parts: IssueParts): XmlIssue {
  const location = [parts.fileName, parts.line === undefined ? undefined : `line ${parts.line}`]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');
  const issue: XmlIssue = {
    message: location === '' ? parts.text : `${location}: ${parts.text}`,
    rule: parts.rule,
  };
  if (parts.line !== undefined) issue.line = parts.line;
  if (parts.column !== undefined) issue.column = parts.column;
  if (parts.path !== undefined) issue.path = parts.path;
  if (parts.fileName !== undefined) issue.fileName = parts.fileName;
  return issue;
}
