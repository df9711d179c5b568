import { isDeepStrictEqual } from 'node:util';
import type { Echo } from '@svc-contracts/contract-model';
import { isObject, type JsonObject, unescapePointer } from '@svc-contracts/openapi-utils';
import { type TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import type { BodyFinding } from '../bodies/violation.js';

/** `/tag` → `tag` (`~1` and `~0` decoded, as in any JSON pointer). */
function memberName(pointer: string): string {
  return unescapePointer(pointer.slice(1));
}

/** The JSON object a body holds, or undefined (no body, not JSON, not an object). */
function jsonObject(json: TrafficJson, body: string | undefined): JsonObject | undefined {
  if (body === undefined || body === '') return undefined;
  const value = json.parse(body);
  // A refusal is an object too: only a parsed JSON object counts.
  return value instanceof UnparseableJson || !isObject(value) ? undefined : value;
}

/** What an answer breaks of its response's `x-echoes`, judged on the two JSON bodies: `present`, a member the
 * request sent is in the answer too; `equal`, when both have it, the values are the same. */
export function echoMismatches(
  json: TrafficJson,
  rules: readonly Echo[],
  requestBody: string | undefined,
  responseBody: string | undefined,
): BodyFinding[] {
  if (rules.length === 0) return [];
  const sent = jsonObject(json, requestBody);
  const answer = jsonObject(json, responseBody);
  if (sent === undefined || answer === undefined) return [];
  const found: BodyFinding[] = [];
  for (const rule of rules) {
    const name = memberName(rule.request);
    if (!Object.hasOwn(sent, name)) continue;
    const answered = memberName(rule.response);
    if (!Object.hasOwn(answer, answered)) {
      if (rule.present) {
        found.push({
          pointer: rule.response,
          message: `${rule.response} is missing, but the request sent ${rule.request} (x-echoes)`,
        });
      }
      continue;
    }
    if (rule.equal && !isDeepStrictEqual(sent[name], answer[answered])) {
      found.push({
        pointer: rule.response,
        message: `${rule.response} is not the request's ${rule.request} (x-echoes)`,
      });
    }
  }
  return found;
}

/** An answer made to keep its response's `x-echoes` for this request: what a mock serves from an example. */
export function applyEchoes(rules: readonly Echo[], request: unknown, answer: unknown): unknown {
  if (rules.length === 0 || !isObject(request) || !isObject(answer)) return answer;
  const echoed: JsonObject = { ...answer };
  for (const rule of rules) {
    const name = memberName(rule.request);
    if (!Object.hasOwn(request, name)) continue;
    const answered = memberName(rule.response);
    if (rule.equal || !Object.hasOwn(echoed, answered)) echoed[answered] = request[name];
  }
  return echoed;
}
