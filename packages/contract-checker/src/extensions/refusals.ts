import { type Refusal, refusalFor, xmlElementText } from '@svc-contracts/contract-model';
import { violation } from '../bodies/violation.js';
import type { RecordedRequest, RecordedResponse, Violation } from '../core/types.js';

/** Statuses that answer a refused request before its document is read, or that the source leaves open: a
 * credential refusal (401, 403) and a server failure (5xx). */
function answeredBeforeTheDocument(status: number): boolean {
  return status === 401 || status === 403 || status >= 500;
}

/** What an answer to a request `x-refusals` says the service refuses breaks: another status than the
 * refusal's, or a refusal body whose element says otherwise (`ErrorCode` not `400`). */
export function refusalViolations(
  refusals: readonly Refusal[],
  request: RecordedRequest,
  response: RecordedResponse,
  specLocation: () => string,
): Violation[] {
  const refusal = refusalFor(refusals, request.body);
  if (refusal === undefined || answeredBeforeTheDocument(response.status)) return [];
  const element = refusal.xmlElements.find((name) => request.body?.includes(name)) ?? refusal.xmlElements[0];
  if (response.status !== refusal.status) {
    const message = `the request holds <${element}>, which the service refuses with ${refusal.status} (${refusal.description}); it was answered ${response.status} (x-refusals)`;
    return [violation('response', 'refused-request', message, undefined, specLocation())];
  }
  const expected = refusal.response;
  if (expected === undefined || response.body === undefined || response.body === '') return [];
  const said = xmlElementText(response.body, expected.xmlElement);
  if (said === expected.equals) return [];
  const message = `the refusal of a request holding <${element}> must say ${expected.xmlElement} ${expected.equals} (${refusal.description}); it says ${said === undefined ? `no ${expected.xmlElement}` : `'${said}'`} (x-refusals)`;
  return [violation('response', 'refused-request', message, `/${expected.xmlElement}`, specLocation())];
}
