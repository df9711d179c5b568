import type { JwtClaim } from '@svc-contracts/contract-model';
import { printable } from '@svc-contracts/har';
import { isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import { type TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import type { BodyFinding } from '../bodies/violation.js';

/** The claims set of a JWS compact JWT, or undefined for a JWE (its claims encrypted) or text that is not one. */
function readableClaims(json: TrafficJson, token: string): JsonObject | undefined {
  const [, payload, ...rest] = token.split('.');
  if (payload === undefined || rest.length !== 1) return undefined;
  // A JSON object's base64url starts with `e` (`{` is 0x7B): a masked token (`REDACTED`) is passed over
  // without decoding it, or throwing on it.
  if (!payload.startsWith('e') || !/^[A-Za-z0-9_-]*$/.test(payload)) return undefined;
  const text = Buffer.from(payload, 'base64url').toString('utf8');
  if (!text.trimStart().startsWith('{')) return undefined;
  const claims = json.parse(text);
  return claims instanceof UnparseableJson || !isObject(claims) ? undefined : claims;
}

/** What a body breaks of its schema's `x-jwt-claims`: compared only when the body has both properties, the
 * token's claims can be read and the claim is there (the schema says what is required). */
export function jwtClaimMismatches(
  json: TrafficJson,
  body: unknown,
  rules: readonly JwtClaim[],
): BodyFinding[] {
  if (rules.length === 0 || !isObject(body)) return [];
  const found: BodyFinding[] = [];
  for (const rule of rules) {
    const token = body[rule.token];
    if (typeof token !== 'string' || !Object.hasOwn(body, rule.equals)) continue;
    const claims = readableClaims(json, token);
    if (claims === undefined || !Object.hasOwn(claims, rule.claim)) continue;
    const claim = claims[rule.claim];
    const other = body[rule.equals];
    if (claim === other) continue;
    found.push({
      pointer: `/${rule.equals}`,
      message: `/${rule.equals} ${shown(other)} is not the ${rule.claim} claim of /${rule.token} (${shown(claim)}) (x-jwt-claims)`,
    });
  }
  return found;
}

/** A value of the recording in a message: JSON, cut to a readable length. */
function shown(value: unknown): string {
  return printable(JSON.stringify(value) ?? String(value), 80);
}
