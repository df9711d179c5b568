import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  type Exchange,
  type HarNameValue,
  harDocument,
  harEntry,
  maskBody,
  maskHeaders,
  maskUrl,
} from '@svc-contracts/contract-recorder';
import type { Call, Recording } from './call.ts';

export const generatorName = 'contract-tests/generate-recordings.ts';
const userAgent = 'svc-contracts-staging-suite/1.4.0 (node 20)';

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A request id that looks like a UUID and is the same on every run. */
function requestId(seed: string): string {
  const hex = digest(seed);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function accepts(call: Call): string {
  const type = call.response?.body?.type ?? '';
  return type.includes('xml') || call.url.includes('dashboard.') ? 'application/xml' : 'application/json';
}

function requestHeaders(call: Call): HarNameValue[] {
  const host = new URL(call.url).host;
  return [
    { name: 'Host', value: host },
    { name: 'User-Agent', value: userAgent },
    { name: 'Accept', value: accepts(call) },
    ...(call.auth ?? []),
    ...(call.body
      ? [
          { name: 'Content-Type', value: call.body.type },
          { name: 'Content-Length', value: String(Buffer.byteLength(call.body.text)) },
        ]
      : call.method === 'GET'
        ? []
        : [{ name: 'Content-Length', value: '0' }]),
    ...(call.headers ?? []),
  ];
}

function responseHeaders(call: Call, date: Date, seed: string): HarNameValue[] {
  const body = call.response?.body;
  return [
    { name: 'Date', value: date.toUTCString() },
    ...(body ? [{ name: 'Content-Type', value: body.type }] : []),
    { name: 'Content-Length', value: String(body ? Buffer.byteLength(body.text) : 0) },
    { name: 'X-Request-Id', value: requestId(seed) },
    ...(call.response?.headers ?? []),
  ];
}

/** The exchange contract-record would have written for this call (masked, timed, dated). */
export function exchangeOf(call: Call, started: Date, seed: string): Exchange {
  const wait = 18 + (Number.parseInt(digest(seed).slice(0, 4), 16) % 140);
  const answered = new Date(started.getTime() + wait);
  const body = call.response?.body;
  return {
    startedDateTime: started.toISOString(),
    timings: { send: 1, wait, receive: 1 },
    request: {
      method: call.method,
      url: maskUrl(call.url),
      headers: maskHeaders(requestHeaders(call)),
      ...(call.body ? { body: maskBody(call.body.text, call.body.type) } : {}),
      // A callback a service sent: harEntry writes it as the entry's `_webhook`.
      ...(call.webhook ? { webhook: call.webhook } : {}),
    },
    response: {
      status: call.status,
      statusText: STATUS_CODES[call.status] ?? '',
      headers: maskHeaders(responseHeaders(call, answered, seed)),
      body: body ? maskBody(body.text, body.type) : '',
    },
    comment: call.note,
  };
}

/** The HAR text of a recording; `start` dates its first entry (entries follow a few seconds apart). */
export function renderRecording(recording: Recording, start: Date): string {
  const entries = recording.calls.map((call, index) =>
    harEntry(exchangeOf(call, new Date(start.getTime() + index * 7_000), `${recording.path}#${index}`)),
  );
  const har = harDocument(
    { name: generatorName, version: '1.0.0' },
    entries,
    `Source: ${recording.source}. Written from the source documents by ${generatorName} (regenerate with \`pnpm exec tsx ${generatorName}\`); credentials masked as contract-record masks them.`,
  );
  return `${JSON.stringify(har, null, 2)}\n`;
}
