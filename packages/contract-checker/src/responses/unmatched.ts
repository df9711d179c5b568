import { EXTENSION } from '@svc-contracts/contract-model';
import { escapePointer, isJsonMediaType, mediaTypeEssence } from '@svc-contracts/openapi-utils';
import { type TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import { violation } from '../bodies/violation.js';
import type { CompiledService } from '../contract/compiled.js';
import type { EntryVerdict, RecordedResponse, Violation } from '../core/types.js';
import { contentTypeOf } from '../parameters/request-parts.js';
import type { MatchMiss } from '../router/operation-index.js';
import { responseKeyFor } from './response-check.js';

/** The verdict on a request a service has no operation for, where `x-unmatched-requests` says how it is
 * answered: so, it is rejected as expected; with that status and another body, the body is a violation. */
export function unmatchedVerdict(
  service: CompiledService,
  miss: MatchMiss | undefined,
  undocumented: Violation,
  response: RecordedResponse,
  json: TrafficJson,
): EntryVerdict | undefined {
  const kind = miss?.reason === 'method' ? 'method' : miss?.reason === 'no-path' ? 'path' : undefined;
  const status = kind === undefined ? undefined : service.unmatched?.[kind];
  if (status === undefined || response.status !== status) return undefined;
  const what = kind === 'method' ? 'a method this path does not take' : 'a path the service does not have';
  const note = `refused ${status}: ${what} (${EXTENSION.unmatchedRequests})`;
  const key = responseKeyFor(service.errorSchemas, status);
  const schema = key === undefined ? undefined : service.errorSchemas[key];
  const problem = schema === undefined ? undefined : bodyProblem(service, schema, response, json);
  if (problem === undefined) {
    return { verdict: 'rejected-as-expected', violations: [], requestViolations: [undocumented], note };
  }
  const at = service.body.specLocation(`#/${EXTENSION.errorSchemas}/${escapePointer(key ?? '')}`);
  const found = violation('response', 'response-body-schema', `${note}, but ${problem}`, undefined, at);
  return { verdict: 'violation', violations: [found], requestViolations: [undocumented] };
}

/** Why the body is not the service's error body for the status; undefined when it is. */
function bodyProblem(
  service: CompiledService,
  schema: unknown,
  response: RecordedResponse,
  json: TrafficJson,
) {
  const type = contentTypeOf(response.headers);
  if (response.body === undefined || response.body === '') return 'the answer has no body';
  if (type === undefined || !isJsonMediaType(type)) {
    return `the answer is ${type === undefined ? 'without a Content-Type' : mediaTypeEssence(type)}, not JSON`;
  }
  const value = json.parse(response.body);
  if (value instanceof UnparseableJson) return `the body is not JSON (${value.message})`;
  if (service.validator.tester(schema)(value)) return undefined;
  return "the body is not the service's error body for it";
}
