import type { RequestParts } from '../parameters/request-parts.js';
import { basicProblem } from './basic.js';
import { malformedBearer, token68 } from './bearer.js';
import { absent, authorizationWithScheme, type Presence, present } from './credentials.js';

/** An `http` scheme (`Basic`, `Bearer`, any other): its credentials in `Authorization`, judged by scheme. */
export function httpPresence(declaredName: string): (parts: RequestParts) => Presence {
  const name = declaredName.toLowerCase();
  const emptyCredentials: Presence = {
    state: 'malformed',
    reason: `the ${declaredName} credentials are empty`,
  };
  // The Basic credentials judged last and what they gave: a client sends the same ones request after
  // request, and decoding them (base64, UTF-8) was most of a Basic check. Kept for its figure: the recorded
  // JSON entries check 1.09-1.12x as fast with it (bench/contract-checker/one-at-a-time.ts, A/B of CPU time
  // against the build without it, both orders, three runs at load 8.5-10.5, 2026-11-28).
  let lastCredentials: string | undefined;
  let lastPresence: Presence = absent;
  return (parts) => {
    const value = authorizationWithScheme(parts, name);
    if (value === undefined) return absent;
    const credentials = value.slice(name.length).trim();
    if (name === 'basic') {
      if (credentials !== lastCredentials) {
        const problem = basicProblem(credentials);
        lastPresence = problem ? { state: 'malformed', reason: problem } : present;
        lastCredentials = credentials;
      }
      return lastPresence;
    }
    if (name === 'bearer' && !token68.test(credentials)) return malformedBearer;
    return credentials === '' ? emptyCredentials : present;
  };
}
