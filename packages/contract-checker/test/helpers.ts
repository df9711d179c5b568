import { fileURLToPath } from 'node:url';
import { runCli } from '../src/cli/cli-main.js';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '../src/index.js';

export const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const fixtureConfig = `${fixtures}redocly.yaml`;

export function loadFixtureContracts(): Promise<ContractSet> {
  return loadContracts({ configPath: fixtureConfig });
}

type Headers = RecordedRequest['headers'];

export const bearer: Headers = [{ name: 'Authorization', value: 'Bearer fixture-token-123' }];
export const apiKey: Headers = [
  { name: 'X-SVC-AGENTS-API-KEY', value: 'fixture-key-456' },
  { name: 'X-SVC-ORGANIZATION-ID', value: '7' },
];
export const basic: Headers = [
  { name: 'Authorization', value: `Basic ${Buffer.from('fixture-user:fixture-pass').toString('base64')}` },
];

export const fleet = 'http://localhost:4010/api/v1';
export const voice = 'http://localhost:4012';
export const dashboard = 'http://localhost:4015/api/v2';

export function request(
  method: string,
  url: string,
  headers: Headers = [],
  body?: string,
  contentType?: string,
): RecordedRequest {
  const all = contentType ? [...headers, { name: 'Content-Type', value: contentType }] : headers;
  return body === undefined ? { method, url, headers: all } : { method, url, headers: all, body };
}

export function jsonResponse(status: number, body: unknown, headers: Headers = []): RecordedResponse {
  return {
    status,
    headers: [{ name: 'Content-Type', value: 'application/json' }, ...headers],
    body: JSON.stringify(body),
  };
}

export function xmlResponse(status: number, body: string): RecordedResponse {
  return { status, headers: [{ name: 'Content-Type', value: 'application/xml' }], body };
}

export const agent = { id: 42, name: 'Support line', status: 'active', created_at: '2025-03-01T10:00:00Z' };
export const campaign = { id: 381, name: 'Spring', state: 'paused', total_rows: null };
export const validationError = {
  detail: [{ loc: ['query', 'limit'], msg: 'too large', type: 'less_than_equal' }],
};
export const voiceError = { type: 'validation', description: 'Bad Request', id: null };

export function order(partialAllowed = 'false', numbers = ['+14155550100', '+14155550101']): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Order>
  <SiteId>12345</SiteId>
  <PartialAllowed>${partialAllowed}</PartialAllowed>
  <TelephoneNumberList>
${numbers.map((number) => `    <TelephoneNumber>${number}</TelephoneNumber>`).join('\n')}
  </TelephoneNumberList>
</Order>
`;
}

export const orderResponse =
  '<OrderResponse><OrderId>b4c1</OrderId><OrderStatus>RECEIVED</OrderStatus></OrderResponse>';

/** The rules of a list of violations, for compact assertions. */
export function rules(violations: Array<{ rule: string }>): string[] {
  return violations.map((violation) => violation.rule);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `contract-check` in-process with these arguments and collects what it prints. */
export async function runCliCapturing(args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** `contract-check --config <the fixture specs> ...args`. */
export function checkWithFixtures(...args: string[]): Promise<CliRun> {
  return runCliCapturing(['--config', fixtureConfig, ...args]);
}
