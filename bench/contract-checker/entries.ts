/** Every entry of contract-tests/recordings, read once with the checker's own HAR reader. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHar, type RecordedRequest, type RecordedResponse } from '@svc-contracts/contract-checker';
import { isXmlMediaType } from '@svc-contracts/openapi-utils';
import { fromRoot } from '../../scripts/lib/paths.ts';

export const recordingsDir = fromRoot('contract-tests', 'recordings');

export interface BenchEntry {
  id: number;
  /** The folder it was recorded under: `recordings/<service>/`. */
  service: string;
  xml: boolean;
  request: RecordedRequest;
  response: RecordedResponse;
}

export const recordingFiles = (): string[] =>
  readdirSync(recordingsDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.har'))
    .sort()
    .map((name) => join(recordingsDir, name));

const isXml = (headers: RecordedRequest['headers'], body: string | undefined) =>
  body !== undefined &&
  body !== '' &&
  isXmlMediaType(headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '');

/** Every entry, or every `every`-th (a tiny run). */
export function loadEntries(every = 1): BenchEntry[] {
  const entries: BenchEntry[] = [];
  for (const path of recordingFiles()) {
    const har = parseHar(readFileSync(path, 'utf8'), path);
    if (har.entryErrors.length > 0) throw new Error(`${path}: unreadable entries`);
    const service = path.slice(recordingsDir.length + 1).split('/')[0] ?? '';
    for (const { request, response } of har.exchanges) {
      const xml = isXml(request.headers, request.body) || isXml(response.headers, response.body);
      entries.push({ id: entries.length, service, xml, request, response });
    }
  }
  return entries.filter((entry) => entry.id % every === 0);
}
