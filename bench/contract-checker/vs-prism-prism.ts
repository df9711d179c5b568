/**
 * Prism's validating proxy engine as a runner of vs-prism-worker.ts: `proxy` forwards over loopback HTTP to
 * the upstream that replays each recorded response; `replay` replaces its `forward` step by an in-memory
 * replay (Prism's validation cost without the HTTP hop).
 */
import type { RecordedRequest, RecordedResponse } from '@svc-contracts/contract-checker';
import { isJsonMediaType } from '@svc-contracts/openapi-utils';
import { bundleService } from '../../scripts/lib/specs.ts';
import { type BenchEntry, loadEntries } from './vs-prism-entries.ts';
import { fullPlan, type Runner } from './vs-prism-runner.ts';

type PrismHttp = typeof import('@stoplight/prism-http');
type PrismCore = typeof import('@stoplight/prism-core');
type HttpOperation = Awaited<ReturnType<PrismHttp['getHttpOperationsFromSpec']>>[number];
type HttpRequest = import('@stoplight/prism-http').IHttpRequest;
type HttpResponse = import('@stoplight/prism-http').IHttpResponse;
type HttpConfig = import('@stoplight/prism-http').IHttpConfig;

const errorSeverity = 0;

function headerRecord(headers: RecordedRequest['headers'], drop: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    if (drop.includes(key)) continue;
    record[key] = record[key] === undefined ? value : `${record[key]}, ${value}`;
  }
  return record;
}

function isJsonType(type: string | undefined): boolean {
  return type !== undefined && isJsonMediaType(type);
}

/**
 * What prism-http-server hands to the engine for a received request: lower-case headers, the path as
 * sent, the query decoded, a JSON body parsed (kept as text when it does not parse), any other body as
 * text. Built inside the timed loop: the server does this work for every request.
 */
function prismInput(entry: BenchEntry): HttpRequest {
  const url = new URL(entry.request.url);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  // Content-Length: the forwarder's fetch computes it from the body it sends.
  const headers = headerRecord(entry.request.headers, ['content-length']);
  headers['x-bench-entry'] = String(entry.id);
  let body: unknown;
  const text = entry.request.body;
  if (text !== undefined && text !== '') {
    body = text;
    if (isJsonType(headers['content-type'])) {
      try {
        body = JSON.parse(text);
      } catch {
        // Prism gets the text and reports it.
      }
    }
  }
  return {
    method: entry.request.method.toLowerCase() as HttpRequest['method'],
    url: { path: url.pathname, query },
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** The recorded response as Prism's forwarder returns it (`parseResponse`: JSON parsed, else text). */
function replayedResponse(response: RecordedResponse): HttpResponse {
  const headers = headerRecord(response.headers, []);
  const text = response.body ?? '';
  const body = response.status !== 204 && isJsonType(headers['content-type']) ? JSON.parse(text) : text;
  return { statusCode: response.status, headers, body };
}

export async function prismRunner(
  mode: 'proxy' | 'replay',
  upstream: string | undefined,
  sample: number,
): Promise<Runner> {
  const prismHttp: PrismHttp = await import('@stoplight/prism-http');
  const prismCore: PrismCore = await import('@stoplight/prism-core');
  const entries = loadEntries(sample);
  const start = performance.now();
  const operations = new Map<string, HttpOperation[]>();
  for (const service of new Set(entries.map((entry) => entry.service))) {
    // The bundled spec as is (what `prism proxy dist/specs/<service>.yaml` reads).
    const bundled = await bundleService(service);
    operations.set(service, await prismHttp.getHttpOperationsFromSpec(bundled.spec));
  }
  const config: HttpConfig = {
    mock: { dynamic: false },
    isProxy: true,
    upstream: new URL(upstream ?? 'http://127.0.0.1:9'),
    upstreamProxy: undefined,
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    // false: every request is forwarded and both sides are validated (with `--errors` an invalid
    // request is answered by Prism and its recorded response is never seen).
    errors: false,
  };
  const logger = prismCore.createLogger('prism', { level: 'silent' });
  const byId = new Map(entries.map((entry) => [String(entry.id), entry]));
  type Forward = NonNullable<Parameters<PrismHttp['createInstance']>[1]['forward']>;
  const replay: Forward = (input) => () => async () => {
    const entry = byId.get(input.data.headers?.['x-bench-entry'] ?? '');
    if (!entry) return { _tag: 'Left', left: new Error('no x-bench-entry') };
    return { _tag: 'Right', right: replayedResponse(entry.response) };
  };
  const prism = prismHttp.createInstance(
    config,
    mode === 'replay' ? { logger, forward: replay } : { logger },
  );
  const loadMs = performance.now() - start;

  async function run(entry: BenchEntry) {
    const resources = operations.get(entry.service) ?? [];
    return prism.request(prismInput(entry), resources, config)();
  }

  const describe = (diagnostic: { code?: string | number; message: string; path?: string[] }): string =>
    `${diagnostic.code ?? ''} ${(diagnostic.path ?? []).join('.')}: ${diagnostic.message}`.trim();

  return {
    loadMs,
    plan: mode === 'proxy' ? fullPlan : fullPlan.filter((step) => step.inFlight === 1),
    async check(entry) {
      const result = await run(entry);
      if (result._tag === 'Left') throw result.left;
      return undefined;
    },
    async find(entry) {
      const result = await run(entry);
      if (result._tag === 'Left') {
        return { id: entry.id, request: [], response: [], note: `error: ${result.left.message}` };
      }
      const { input, output } = result.right.validations;
      return {
        id: entry.id,
        request: input.filter((diagnostic) => diagnostic.severity === errorSeverity).map(describe),
        response: output.filter((diagnostic) => diagnostic.severity === errorSeverity).map(describe),
        note: `status ${result.right.output.statusCode}`,
      };
    },
    close: async () => {},
  };
}
