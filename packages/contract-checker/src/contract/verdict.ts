import { EXTENSION } from '@svc-contracts/contract-model';
import { violation } from '../bodies/violation.js';
import type { EntryVerdict, OperationMatch, RecordedRequest, RuleCode, Violation } from '../core/types.js';
import { responseKeyFor } from '../responses/response-check.js';
import type { MatchMiss } from '../router/operation-index.js';
import type { PreparedOperation } from './compiled.js';

/** Rules that mean "the request fails validation", which `x-validation-status` says how to answer. */
const validationRules = new Set<RuleCode>([
  'parameter-missing',
  'parameter-invalid',
  'parameter-unparseable',
  'parameter-requires',
  'request-body-missing',
  'request-body-unparseable',
  'request-body-schema',
]);

/** The statuses services use for "your request is invalid". */
const validationLikeStatuses = new Set([400, 422]);

function missMessage(method: string, url: string, miss: MatchMiss | undefined): string {
  const path = URL.canParse(url, 'http://recording.invalid')
    ? new URL(url, 'http://recording.invalid').pathname
    : url;
  switch (miss?.reason) {
    case 'webhook':
      return miss.message;
    case 'method':
      return `${method} is not documented for ${miss.pathTemplate} (${miss.service} documents ${miss.allowed.join(', ')})`;
    case 'trailing-slash':
      return `no operation matches ${method} ${path}; ${miss.service} documents ${method} ${miss.pathTemplate}, which differs by its trailing slash (the contract is exact about trailing slashes)`;
    default:
      return `no operation of the contract matches ${method} ${path}`;
  }
}

/** The violation for a request no operation matches. */
export function undocumentedOperation(request: RecordedRequest, miss: MatchMiss | undefined): Violation {
  return violation(
    'request',
    'undocumented-operation',
    missMessage(request.method.toUpperCase(), request.url, miss),
  );
}

const rulesOf = (violations: Violation[]): string =>
  [...new Set(violations.map(({ rule }) => rule))].join(', ');

function isDocumented4xx(operation: PreparedOperation, status: number): boolean {
  if (status < 400 || status > 499) return false;
  const key = responseKeyFor(operation.indexed.operation.responses, status);
  return key !== undefined && key !== 'default';
}

/** Combines the request and response findings into a verdict. */
export function decideVerdict(
  operation: PreparedOperation,
  match: OperationMatch,
  fromRequest: Violation[],
  fromResponse: Violation[],
  status: number,
): EntryVerdict {
  if (fromRequest.length === 0) {
    const verdict = fromResponse.length === 0 ? 'conforms' : 'violation';
    return { match, verdict, violations: fromResponse, requestViolations: [] };
  }
  // A refusal the contract allows: rejected as expected unless the answer itself fails.
  const refused = (violations: Violation[], note?: string): EntryVerdict => ({
    match,
    verdict: violations.length === 0 ? 'rejected-as-expected' : 'violation',
    violations,
    requestViolations: fromRequest,
    ...(note === undefined ? {} : { note }),
  });
  const validationStatus = operation.service.validationStatus;
  const onlyValidation = fromRequest.every((violation) => validationRules.has(violation.rule));
  if (validationStatus === undefined && onlyValidation && status >= 400 && status <= 499) {
    // The source states no validation status (no `x-validation-status`): any 4xx is the service's to choose.
    const violations = fromResponse.filter((violation) => violation.rule !== 'undeclared-status');
    return refused(
      violations,
      `refused ${status}; the source states no validation status (no x-validation-status), so any 4xx is accepted`,
    );
  }
  if (isDocumented4xx(operation, status)) {
    const violations = [...fromResponse];
    if (
      onlyValidation &&
      validationStatus !== undefined &&
      validationLikeStatuses.has(status) &&
      status !== validationStatus
    ) {
      const message = `the request fails validation (${rulesOf(fromRequest)}); the service answers such requests ${validationStatus} (x-validation-status), not ${status}`;
      const at = operation.service.body.specLocation(`#/${EXTENSION.validationStatus}`);
      violations.unshift(violation('response', 'validation-status', message, undefined, at));
    }
    return refused(violations);
  }
  const violations = [...fromRequest];
  if (status >= 200 && status <= 299) {
    const message = `the request breaks the contract (${rulesOf(fromRequest)}) and was answered ${status}; a documented 4xx was expected`;
    const at = operation.service.body.specLocation(`${operation.indexed.pointer}/responses`);
    violations.push(violation('response', 'accepted-invalid-request', message, undefined, at));
  }
  violations.push(...fromResponse);
  return { match, verdict: 'violation', violations, requestViolations: fromRequest };
}
