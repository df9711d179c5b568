import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, isNonEmptyString, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.jwtClaims;

/** One entry of `x-jwt-claims`: the claim `claim` of the JWT in property `token` equals property `equals`. */
export interface JwtClaim {
  token: string;
  claim: string;
  equals: string;
}

export const JWT_CLAIMS_SHAPE =
  '`x-jwt-claims` must be a non-empty list of `{token, claim, equals}`: the property holding the JWT, the claim, and the property that must equal it, for example `[{token: access_token, claim: jti, equals: access_token_id}]`.';

/** `x-jwt-claims` on a body schema: entries whose `token`, `claim`, `equals` are strings, and every problem. */
export function readJwtClaims(schema: unknown): Read<JwtClaim[]> {
  const listed = rawOf(schema, KEY);
  if (listed === undefined) return NOTHING;
  if (!Array.isArray(listed) || listed.length === 0) {
    return { value: undefined, problems: [{ at: [KEY], message: JWT_CLAIMS_SHAPE }] };
  }
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const value: JwtClaim[] = [];
  const problems: Read<never>['problems'] = [];
  listed.forEach((entry, index) => {
    if (
      !isObject(entry) ||
      typeof entry.token !== 'string' ||
      typeof entry.claim !== 'string' ||
      typeof entry.equals !== 'string'
    ) {
      problems.push({ at: [KEY, index], message: JWT_CLAIMS_SHAPE });
      return;
    }
    value.push({ token: entry.token, claim: entry.claim, equals: entry.equals });
    // A blank name is a problem; the entry is still kept (it compares nothing a body holds).
    if (!isNonEmptyString(entry.token) || !isNonEmptyString(entry.claim) || !isNonEmptyString(entry.equals)) {
      problems.push({ at: [KEY, index], message: JWT_CLAIMS_SHAPE });
      return;
    }
    for (const key of ['token', 'equals'] as const) {
      const name = entry[key] as string;
      if (!Object.hasOwn(properties, name)) {
        problems.push({
          at: [KEY, index, key],
          message: `\`x-jwt-claims\` ${key} \`${name}\` is not a property of this schema: name one of its \`properties\`.`,
        });
      }
    }
  });
  return { value: value.length === 0 ? undefined : value, problems };
}
