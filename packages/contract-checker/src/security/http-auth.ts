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
  return (parts) => {
    const value = authorizationWithScheme(parts, name);
    if (value === undefined) return absent;
    const credentials = value.slice(name.length).trim();
    if (name === 'basic') {
      const problem = basicProblem(credentials);
      return problem ? { state: 'malformed', reason: problem } : present;
    }
    if (name === 'bearer' && !token68.test(credentials)) return malformedBearer;
    return credentials === '' ? emptyCredentials : present;
  };
}
