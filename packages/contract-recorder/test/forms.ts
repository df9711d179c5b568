/** The forms a careless server echoes a credential in (issue 41): each must be masked in the HAR. */
const pct = encodeURIComponent;
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const b64url = (text: string): string => Buffer.from(text).toString('base64url');

export const echoForms: Record<string, (secret: string) => string> = {
  raw: (secret) => secret,
  'after Bearer%20': (secret) => `Bearer%20${pct(secret)}`,
  'after %3D (a redirect target)': (secret) => `%2Fapi%3Ftoken%3D${pct(secret)}`,
  'after %3A': (secret) => `key%3A${pct(secret)}`,
  'percent-encoded twice': (secret) => `next%253D${pct(pct(secret))}`,
  'JSON-escaped with \\/': (secret) => JSON.stringify({ echo: secret }).replaceAll('/', '\\/'),
  'after \\u003d': (secret) => `token\\u003d${secret}`,
  base64: (secret) => b64(secret),
  'inside base64': (secret) => b64(`{"key":"${secret}"}`),
  'inside base64url': (secret) => b64url(`key ${secret}`),
};
