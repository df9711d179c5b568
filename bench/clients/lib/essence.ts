// Before timing, every variant of a call must send the same request as our client.
import type { CallScenario, ThroughOpenapiFetch } from './scenarios.ts';
import { withTimeout } from './scenarios.ts';
import type { BenchServer, RecordedRequest } from './server.ts';

/** The body as compared: JSON with sorted keys, a form sorted by name, anything else as sent. */
function canonicalBody(request: RecordedRequest): string {
  const type = request.contentType ?? '';
  if (type.startsWith('application/json')) return JSON.stringify(sortKeys(JSON.parse(request.body)));
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return sortedForm(request.body);
  }
  return request.body.replace(/>\s+</g, '><').trim();
}

function sortedForm(form: string): string {
  return JSON.stringify([...new URLSearchParams(form)].sort(([a], [b]) => a.localeCompare(b)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, sortKeys(inner)]),
  );
}

/** What must be equal between two ways of making a call: method, path, credentials and body. */
function essence(request: RecordedRequest | undefined): string {
  if (request === undefined) return 'no request';
  return JSON.stringify({
    method: request.method,
    path: request.path,
    query: sortedForm(request.query),
    authorization: request.authorization,
    body: canonicalBody(request),
  });
}

/**
 * Records one call of each variant of each scenario and throws unless all send what our client sends
 * (method, path, query, Basic credentials and body).
 */
export async function checkSameRequests(
  scenarios: readonly CallScenario[],
  server: BenchServer,
  throughOpenapiFetch: (scenario: CallScenario) => ThroughOpenapiFetch | undefined,
): Promise<void> {
  for (const scenario of scenarios) {
    const variants: Array<[string, () => Promise<unknown>]> = [
      ['raw fetch', () => scenario.rawFetch()],
      ['raw fetch with a timeout', withTimeout(scenario.rawFetch)],
      ['ours', scenario.ours],
    ];
    if (scenario.bandwidth?.call) variants.push(['bandwidth-sdk', scenario.bandwidth.call]);
    const viaOpenapiFetch = throughOpenapiFetch(scenario);
    if (viaOpenapiFetch) {
      variants.push(['openapi-fetch alone', viaOpenapiFetch.alone]);
      variants.push(['openapi-fetch as a client method drives it', viaOpenapiFetch.asMethod]);
    }
    if (scenario.lighterRawFetch)
      variants.push([scenario.lighterRawFetch.label, scenario.lighterRawFetch.call]);
    const seen: Array<[string, string]> = [];
    for (const [name, variant] of variants) seen.push([name, essence((await server.record(variant))[0])]);
    const [, reference] = seen.find(([name]) => name === 'ours') as [string, string];
    for (const [name, got] of seen) {
      if (got !== reference) {
        throw new Error(
          `${scenario.label}: ${name} sends another request than our client.\n  ours: ${reference}\n  ${name}: ${got}`,
        );
      }
    }
  }
}
