import type { Answer, Call } from './support.ts';

/**
 * The contract checker (packages/contract-checker) judges every exchange the tests make: the same
 * code that checks recorded traffic against the specs says whether the mock's answer conforms.
 * Imported from its source, in tests only, so the tests do not depend on a build of that package.
 */
const checker = await import('../../contract-checker/src/index.ts');

export type ContractSet = Awaited<ReturnType<typeof checker.loadContracts>>;

export function loadContractSet(configPath: string): Promise<ContractSet> {
  return checker.loadContracts({ configPath });
}

export interface Verdict {
  verdict: string;
  violations: Array<{ rule: string; message: string; side: string }>;
  requestViolations: Array<{ rule: string; message: string; side: string }>;
}

export async function judge(
  contracts: ContractSet,
  service: string,
  baseUrl: string,
  path: string,
  request: Call,
  answer: Answer,
): Promise<Verdict> {
  const headers = (record: Record<string, string>) =>
    Object.entries(record).map(([name, value]) => ({ name, value }));
  const recordedRequest = {
    method: request.method ?? 'GET',
    url: `${baseUrl}${path}`,
    headers: headers(request.headers ?? {}),
    ...(request.body !== undefined && { body: request.body }),
  };
  const responseHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  const recordedResponse = { status: answer.status, headers: headers(responseHeaders), body: answer.text };
  return contracts.checkExchange(recordedRequest, recordedResponse, { service });
}
