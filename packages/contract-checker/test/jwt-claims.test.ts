import { readJwtClaims } from '@svc-contracts/contract-model';
import { describe, expect, it } from 'vitest';
import { TrafficJson } from '../src/bodies/json-text.js';
import { jwtClaimMismatches } from '../src/security/jwt-claims.js';

/** Each check reads JSON with a reader of the default policy, as a contract set of default options does. */
const json = new TrafficJson();

/** The entries the checker judges: contract-model's reader, malformed entries left out. */
const jwtClaimRules = (extension: unknown) => readJwtClaims({ 'x-jwt-claims': extension }).value ?? [];

const rules = jwtClaimRules([{ token: 'access_token', claim: 'jti', equals: 'access_token_id' }]);
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${part({ alg: 'none' })}.${part(claims)}.`;

describe('x-jwt-claims', () => {
  it('keeps only well-formed entries', () => {
    expect(jwtClaimRules('jti')).toEqual([]);
    expect(
      jwtClaimRules([{ token: 'a', claim: 'jti' }, null, { token: 'a', claim: 'b', equals: 'c' }]),
    ).toEqual([{ token: 'a', claim: 'b', equals: 'c' }]);
  });

  it('compares a claim of any JSON type with the property, by value for strings and numbers', () => {
    expect(jwtClaimMismatches(json, { access_token: jwt({ jti: 7 }), access_token_id: 7 }, rules)).toEqual(
      [],
    );
    expect(jwtClaimMismatches(json, { access_token: jwt({ jti: 7 }), access_token_id: '7' }, rules)).toEqual([
      {
        pointer: '/access_token_id',
        message: '/access_token_id "7" is not the jti claim of /access_token (7) (x-jwt-claims)',
      },
    ]);
  });

  it('reads nothing from a payload that is not a JSON object, or from a body that is not one', () => {
    for (const access_token of [
      `${part({})}.bm90IGpzb24.`,
      `${part({})}.${Buffer.from('{not json').toString('base64url')}.`,
      `${part({})}.${part(['jti'])}.`,
      `${part({})}.!!.`,
      'a.b',
    ]) {
      expect(jwtClaimMismatches(json, { access_token, access_token_id: 'x' }, rules)).toEqual([]);
    }
    expect(jwtClaimMismatches(json, ['x'], rules)).toEqual([]);
    expect(jwtClaimMismatches(json, 'x', rules)).toEqual([]);
  });

  it('cuts a long value in the message', () => {
    const [found] = jwtClaimMismatches(
      json,
      { access_token: jwt({ jti: 'a' }), access_token_id: 'b'.repeat(10_000) },
      rules,
    );
    expect(found?.message.length).toBeLessThan(300);
    expect(found?.message).toContain('more characters');
  });
});
