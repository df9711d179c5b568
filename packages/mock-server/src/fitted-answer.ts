import { applyEchoes, applyFilters, filterQuery } from '@svc-contracts/contract-checker/extensions';
import { type Echo, type FilterRules, readEchoes, readResponseFilters } from '@svc-contracts/contract-model';
import type { JsonObject } from '@svc-contracts/openapi-utils';

/** What a Response Object says of the request, read once per response: the mocks ask on every request. */
interface AnswerRules {
  echoes: readonly Echo[];
  filters: FilterRules | undefined;
}

const rulesByResponse = new WeakMap<JsonObject, AnswerRules>();

function rulesOf(response: JsonObject): AnswerRules {
  let rules = rulesByResponse.get(response);
  if (rules === undefined) {
    // Malformed entries are left out, as the checker leaves them out (the linter reports them).
    rules = { echoes: readEchoes(response).value ?? [], filters: readResponseFilters(response).value };
    rulesByResponse.set(response, rules);
  }
  return rules;
}

/** An answer (an example the mocks serve) made to keep what its Response Object says of the request, as the
 * service's own answer would, by the rules the checker judges it with: `x-echoes`, the members it carries of
 * the request's JSON body (`sent`, parsed; anything else echoes nothing); `x-filters`, only the items of its
 * list that the request's query (`url`, absolute or a path with its query) allows. */
export function fitAnswer(response: JsonObject, sent: unknown, url: string, answer: unknown): unknown {
  const { echoes, filters } = rulesOf(response);
  const echoed = echoes.length === 0 ? answer : applyEchoes(echoes, sent, answer);
  // The query decoded as the checker decodes it, so what is served is exactly what the checker accepts.
  return filters === undefined ? echoed : applyFilters(filters, filterQuery(filters, url), echoed);
}
