import { basename } from 'node:path';
import type { EntryReport, RuleCode } from '@svc-contracts/contract-checker';

/** Rules about the request: a request that breaks one and is answered 2xx also gets accepted-invalid-request. */
export const requestSideRules: ReadonlySet<string> = new Set<RuleCode>([
  'undocumented-operation',
  'parameter-missing',
  'parameter-invalid',
  'parameter-unparseable',
  'parameter-requires',
  'security-missing',
  'security-malformed',
  'security-exclusive',
  'unsupported-credential',
  'request-content-type',
  'request-body-missing',
  'request-body-undocumented',
  'request-body-unparseable',
  'request-body-schema',
]);

/**
 * Rules no negative file can show, because no spec declares what they check; the test verifies the
 * reason still holds (a spec that starts declaring it makes the rule expressible, and a file is due).
 */
export const notExpressible: Readonly<
  Record<
    string,
    'required-non-path-parameter' | 'response-header' | 'validation-status' | 'closed-contentless-response'
  >
> = {
  'parameter-missing': 'required-non-path-parameter',
  // validation-status needs a service whose source states its validation status (x-validation-status)
  // and an operation documenting another 400/422: the token and messaging sources state none (any 4xx).
  'validation-status': 'validation-status',
  'response-header-missing': 'response-header',
  'response-header-invalid': 'response-header',
  // response-body-undocumented needs a response declared without content whose body the source shows
  // absent; every content-less response the specs declare is one whose body the source leaves open
  // (x-body-open: numbers 401, the webhook answers), and an open body is never undocumented.
  'response-body-undocumented': 'closed-contentless-response',
};

/** `negative/parameter-invalid.har` and `negative/request-body-schema--xml.har` name their rule. */
export function ruleOfFile(file: string): string {
  return basename(file, '.har').split('--')[0] ?? '';
}

/**
 * What is wrong with the checker's verdict on a negative file, or nothing. The file must hold one entry
 * that fails with exactly its rule; a request-side rule answered 2xx comes with accepted-invalid-request
 * (and undocumented-operation never does: no operation, no documented answer). `accepted-invalid-request`
 * itself comes with the one request rule the service let through.
 */
export function negativeProblems(file: string, entries: EntryReport[]): string[] {
  const rule = ruleOfFile(file);
  if (entries.length !== 1) return [`holds ${entries.length} entries; a negative file holds exactly one`];
  const [entry] = entries as [EntryReport];
  const reported = entry.violations.map((violation) => violation.rule);
  const accepted = entry.status >= 200 && entry.status <= 299;
  let expected: string[];
  if (rule === 'accepted-invalid-request') {
    const requestRules = reported.filter((code) => requestSideRules.has(code));
    if (!accepted || requestRules.length !== 1) {
      return [
        `must be one broken request answered 2xx; got status ${entry.status} and ${reported.join(', ') || 'no violation'}`,
      ];
    }
    expected = [requestRules[0] as string, 'accepted-invalid-request'];
  } else {
    expected =
      requestSideRules.has(rule) && rule !== 'undocumented-operation' && accepted
        ? [rule, 'accepted-invalid-request']
        : [rule];
  }
  const problems: string[] = [];
  if (entry.verdict !== 'violation') problems.push(`verdict ${entry.verdict}, expected violation`);
  if (reported.join(',') !== expected.join(',')) {
    problems.push(`reported [${reported.join(', ')}], expected exactly [${expected.join(', ')}]`);
  }
  if (entry.violations.some((violation) => violation.message.trim() === ''))
    problems.push('a violation has no message');
  return problems;
}
