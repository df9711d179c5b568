import { maskAuthorization } from './headers.js';
import { maskToken } from './mask.js';
import { localName, normaliseName } from './names.js';

/** Called with each secret value a masker removed and the name it was found under. */
export type OnSecret = (value: string, name: string) => void;

/** True for a field that holds a whole `Authorization` value (scheme word and credentials). */
export function isAuthorizationField(name: string): boolean {
  return normaliseName(localName(name)) === 'authorization';
}

/** A secret body field's text masked in its own syntax: an authorization keeps its scheme word. */
export function maskFieldText(name: string, value: string): string {
  if (isAuthorizationField(name)) return maskAuthorization(value);
  return maskToken(value);
}
