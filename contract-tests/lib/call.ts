import type { HarNameValue } from '@svc-contracts/contract-recorder';

/** One request and its answer, written from the source documents (what a service did, or must do). */
export interface Call {
  /** What the entry shows, for a reader of the HAR file (kept as the entry's `comment`). */
  note: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Absolute URL on the service's plausible host. */
  url: string;
  /** Credential headers as a client sends them; the generator masks them as contract-record does. */
  auth?: HarNameValue[];
  /** Other request headers beyond Host, User-Agent, Accept and the body's. */
  headers?: HarNameValue[];
  body?: Body;
  status: number;
  response?: { body?: Body; headers?: HarNameValue[] };
  /** A callback the service sent: the webhook it is (`<service>/<name>`), written as the entry's `_webhook`. */
  webhook?: string;
}

export interface Body {
  type: string;
  text: string;
}

/** A file of recordings: one scenario (an operation and a status, or a rule a negative file breaks). */
export interface Recording {
  /** `recordings/<service>/<name>.har` or `negative/<rule>[--<detail>].har`, relative to contract-tests/. */
  path: string;
  /** The source section(s) the traffic comes from, for the file's comment. */
  source: string;
  calls: Call[];
}

export const json = (value: unknown, type = 'application/json'): Body => ({
  type,
  text: JSON.stringify(value),
});
export const xml = (text: string, type = 'application/xml'): Body => ({ type, text: text.trim() });
export const form = (fields: Record<string, string>): Body => ({
  type: 'application/x-www-form-urlencoded',
  text: new URLSearchParams(fields).toString(),
});

/** A query string with every value percent-encoded (`+` as `%2B`), as clients send them. */
export function query(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

// Obviously fake credentials. The generator masks them exactly as contract-record does, so the files hold
// only `REDACTED` values; the raw values here never reach a recording.
export const fakeBearer =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJmYWtlLXVzZXIiLCJyb2xlIjoic3VwZXJfdXNlciJ9.ZmFrZS1zaWduYXR1cmU';
export const fakeBasic = `Basic ${Buffer.from('user:pass').toString('base64')}`;
export const bearer: HarNameValue[] = [{ name: 'Authorization', value: `Bearer ${fakeBearer}` }];
export const basic: HarNameValue[] = [{ name: 'Authorization', value: fakeBasic }];
export const apiKey = (organizationId = '7'): HarNameValue[] => [
  { name: 'X-SVC-AGENTS-API-KEY', value: 'fake-agents-api-key-0000' },
  { name: 'X-SVC-ORGANIZATION-ID', value: organizationId },
];
