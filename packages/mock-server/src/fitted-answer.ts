import {
  applyEchoes,
  applyFilters,
  echoRules,
  filterQuery,
  filterRules,
} from '@svc-contracts/contract-checker/extensions';
import type { JsonObject } from '@svc-contracts/openapi-utils';

/**
 * An answer (an example the mocks serve) made to keep what its Response Object says of the request, as
 * the service's own answer would, by the rules the checker judges it with: `x-echoes`, the members it
 * carries of the request's JSON body (`sent`, parsed; anything else echoes nothing); `x-filters`, only
 * the items of its list that the request's query (`url`, absolute or a path with its query) allows.
 */
export function fitAnswer(response: JsonObject, sent: unknown, url: string, answer: unknown): unknown {
  const echoes = echoRules(response['x-echoes']);
  const echoed = echoes.length === 0 ? answer : applyEchoes(echoes, sent, answer);
  const filters = filterRules(response['x-filters']);
  // The query decoded as the checker decodes it, so what is served is exactly what the checker accepts.
  return filters === undefined ? echoed : applyFilters(filters, filterQuery(filters, url), echoed);
}
