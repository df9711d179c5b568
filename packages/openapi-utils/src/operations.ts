import { deref, type HttpMethod, httpMethods } from './document.js';
import { isObject, type JsonObject } from './json.js';
import { pointerOf } from './pointer.js';

export type OperationSection = 'paths' | 'webhooks';

export interface OperationEntry {
  section: OperationSection;
  /** The key under the section: a URL path template or a webhook name. */
  key: string;
  method: HttpMethod;
  pathItem: JsonObject;
  operation: JsonObject;
  /** Where the operation sits: `['paths', '/a/{id}', 'get']`. */
  location: [OperationSection, string, HttpMethod];
  /** The same as a local reference, for messages and reports: `#/paths/~1a~1{id}/get`. */
  pointer: string;
}

/** Every operation of a document, `paths` first, then `webhooks` (OpenAPI 3.1), in document order. */
export function* operationsOf(
  doc: unknown,
  sections: readonly OperationSection[] = ['paths', 'webhooks'],
): Generator<OperationEntry> {
  if (!isObject(doc)) return;
  for (const section of sections) {
    const items = doc[section];
    if (!isObject(items)) continue;
    for (const [key, rawItem] of Object.entries(items)) {
      const pathItem = deref(doc, rawItem);
      if (isObject(pathItem)) yield* operationsOfPathItem(section, key, pathItem, doc);
    }
  }
}

export function* operationsOfPathItem(
  section: OperationSection,
  key: string,
  pathItem: JsonObject,
  doc?: unknown,
): Generator<OperationEntry> {
  for (const method of httpMethods) {
    const operation = doc === undefined ? pathItem[method] : deref(doc, pathItem[method]);
    if (!isObject(operation)) continue;
    const location: [OperationSection, string, HttpMethod] = [section, key, method];
    yield { section, key, method, pathItem, operation, location, pointer: pointerOf(location) };
  }
}

/** How many operations a document has under `paths` and `webhooks` ("6 operations, 1 webhook"). */
export function countOperations(doc: unknown): { operations: number; webhooks: number } {
  let operations = 0;
  let webhooks = 0;
  for (const entry of operationsOf(doc)) {
    if (entry.section === 'paths') operations++;
    else webhooks++;
  }
  return { operations, webhooks };
}

/** How an operation is named in messages: `POST /api/v1/campaign/{id}/pause` or `webhook orderNotification (POST)`. */
export function describeOperation(entry: Pick<OperationEntry, 'section' | 'key' | 'method'>): string {
  return entry.section === 'paths'
    ? `${entry.method.toUpperCase()} ${entry.key}`
    : `webhook ${entry.key} (${entry.method.toUpperCase()})`;
}

/** The response key a status selects: the exact status, its range (`4XX`), else `default` (OpenAPI's order). */
export function responseKeyOf(responses: Record<string, unknown>, status: number): string | undefined {
  // Called per checked exchange: an own-key test first, the keys walked only for a range.
  const exact = String(status);
  if (Object.hasOwn(responses, exact)) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  for (const key of Object.keys(responses)) if (key.toUpperCase() === range) return key;
  return Object.hasOwn(responses, 'default') ? 'default' : undefined;
}
