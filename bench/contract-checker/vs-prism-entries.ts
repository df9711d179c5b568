/**
 * The entries both tools are measured on: every entry of `contract-tests/recordings/<service>/*.har`,
 * read once with the contract checker's own HAR reader (outside any timing), numbered in file order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHar, type RecordedRequest, type RecordedResponse } from '@svc-contracts/contract-checker';
import { isXmlMediaType } from '@svc-contracts/openapi-utils';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const recordingsDir = join(repoRoot, 'contract-tests', 'recordings');

export interface BenchEntry {
  /** Position in the whole set; the upstream replays the entry named by `x-bench-entry`. */
  id: number;
  /** The folder it was recorded under (`recordings/<service>/`). */
  service: string;
  file: string;
  index: number;
  /** Request or response body is XML. */
  xml: boolean;
  request: RecordedRequest;
  response: RecordedResponse;
}

export type Subset = 'json' | 'xml' | 'all';
export const subsets: Subset[] = ['json', 'xml', 'all'];

function contentType(headers: RecordedRequest['headers']): string {
  return headers.find((header) => header.name.toLowerCase() === 'content-type')?.value.toLowerCase() ?? '';
}

/**
 * Every entry, or every `sample`-th one (`--tiny`: every code path on a fifth of the work). An entry keeps
 * its `id` in the whole set, so the upstream and the workers agree on it whatever the sample.
 */
export function loadEntries(sample = 1): BenchEntry[] {
  const entries: BenchEntry[] = [];
  const services = readdirSync(recordingsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const service of services) {
    const files = readdirSync(join(recordingsDir, service))
      .filter((name) => name.endsWith('.har'))
      .sort();
    for (const name of files) {
      const path = join(recordingsDir, service, name);
      const har = parseHar(readFileSync(path, 'utf8'), path);
      if (har.entryErrors.length > 0) throw new Error(`${path}: unreadable entries`);
      for (const { index, request, response } of har.exchanges) {
        const xml =
          (request.body !== undefined && isXmlMediaType(contentType(request.headers))) ||
          (response.body !== undefined &&
            response.body !== '' &&
            isXmlMediaType(contentType(response.headers)));
        entries.push({
          id: entries.length,
          service,
          file: relative(repoRoot, path),
          index,
          xml,
          request,
          response,
        });
      }
    }
  }
  return sample === 1 ? entries : entries.filter((entry) => entry.id % sample === 0);
}

export function subsetOf(entries: BenchEntry[], subset: Subset): BenchEntry[] {
  if (subset === 'all') return entries;
  return entries.filter((entry) => entry.xml === (subset === 'xml'));
}

/** Runs `job` on every item with at most `inFlight` pending at once. */
export async function inPool<T>(
  items: T[],
  inFlight: number,
  job: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(inFlight, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await job(item);
    }
  });
  await Promise.all(lanes);
}
