import { Agent, request } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockSet, type StartOptions, startMocks } from '../src/index.ts';
import { listServices } from '../src/services.ts';

/** The repository's service list: the tests drive the real specs. */
export const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'redocly.yaml');

/** Starts the mocks on free ports (port 0 for every service), so tests never collide with a running set. */
export async function startOnFreePorts(
  options: Omit<StartOptions, 'configPath' | 'ports'> = {},
): Promise<MockSet> {
  const ports = Object.fromEntries(listServices(configPath).map((service) => [service.name, 0]));
  return startMocks({ ...options, configPath, ports });
}

export interface Answer {
  status: number;
  contentType: string;
  headers: Headers;
  text: string;
}

export interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** How long the answer may take before the call fails: 60 s unless given. */
  timeoutMs?: number;
}

/**
 * One request on a connection of its own (asked to be kept alive, never reused): a reused socket that the
 * server closes as it idles out races the next request on a busy machine (ECONNRESET). Bounded so a hung
 * mock fails the test.
 */
export function call(baseUrl: string, path: string, init: Call = {}): Promise<Answer> {
  const timeoutMs = init.timeoutMs ?? 60_000;
  const agent = new Agent({ keepAlive: true });
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      `${baseUrl}${path}`,
      {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        agent,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, one);
          resolve({
            status: response.statusCode ?? 0,
            contentType: headers.get('content-type') ?? '',
            headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    sent.on('error', (error) =>
      reject(
        error.name === 'AbortError'
          ? new Error(`${init.method ?? 'GET'} ${path}: no answer within ${timeoutMs / 1000} s`)
          : error,
      ),
    );
    sent.end(init.body);
  }).finally(() => agent.destroy());
}

export function mockUrl(set: MockSet, name: string): string {
  const mock = set.mocks.find((candidate) => candidate.name === name);
  if (!mock) throw new Error(`No ${name} mock running (is its spec written?).`);
  return mock.url;
}

export const basic = (user = 'user', password = 'secret'): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A valid voice createCall body (the spec's example values), with `extra` members added or replaced. */
export const voiceCallBody = (extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    from: '+15551234567',
    to: '+15551234568',
    answerUrl: 'https://app.example.com/voice/answer',
    applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
    ...extra,
  });

export const basicAuth = `Basic ${Buffer.from('user:pass').toString('base64')}`;

/**
 * An Order just under the mocks' 10 MB body limit whose every one of about 260,000 numbers breaks the
 * E.164 pattern: the hostile document of issue 16.
 */
export function hostileOrder(bytes = 9.5 * 1024 * 1024): string {
  const head =
    '<?xml version="1.0"?><Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed>' +
    '<ExistingTelephoneNumberOrderType><TelephoneNumberList>';
  const tail = '</TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>';
  const number = '<TelephoneNumber>bad</TelephoneNumber>';
  return head + number.repeat(Math.floor((bytes - head.length - tail.length) / number.length)) + tail;
}
