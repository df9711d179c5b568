import { isRecord, type JsonPath } from './json.js';

/** The fixed fields of a Path Item that hold an Operation (OpenAPI 3.1, section 4.8.9). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const METHOD_LIST = HTTP_METHODS.join(',');

/** JSONPath of every operation under `paths`. */
export const PATH_OPERATIONS = `$.paths[*][${METHOD_LIST}]`;

/** JSONPath of every operation under `webhooks` (OpenAPI 3.1). */
export const WEBHOOK_OPERATIONS = `$.webhooks[*][${METHOD_LIST}]`;

export interface OperationEntry {
  /** `paths` or `webhooks`. */
  section: 'paths' | 'webhooks';
  /** The key under the section: a URL path or a webhook name. */
  key: string;
  method: string;
  pathItem: Record<string, unknown>;
  operation: Record<string, unknown>;
  path: JsonPath;
}

/** Every operation of a (resolved) OpenAPI document, paths first, then webhooks. */
export function* operationsOf(document: unknown): Generator<OperationEntry> {
  if (!isRecord(document)) return;
  for (const section of ['paths', 'webhooks'] as const) {
    const items = document[section];
    if (!isRecord(items)) continue;
    for (const [key, pathItem] of Object.entries(items)) {
      if (!isRecord(pathItem)) continue;
      yield* operationsOfPathItem(section, key, pathItem);
    }
  }
}

export function* operationsOfPathItem(
  section: 'paths' | 'webhooks',
  key: string,
  pathItem: Record<string, unknown>,
): Generator<OperationEntry> {
  for (const method of HTTP_METHODS) {
    const operation = pathItem[method];
    if (!isRecord(operation)) continue;
    yield { section, key, method, pathItem, operation, path: [section, key, method] };
  }
}

/** How an operation is named in messages: `POST /api/v1/campaign/{campaign_id}/pause` or `webhook orderNotification (POST)`. */
export function describeOperation(entry: Pick<OperationEntry, 'section' | 'key' | 'method'>): string {
  return entry.section === 'paths'
    ? `${entry.method.toUpperCase()} ${entry.key}`
    : `webhook ${entry.key} (${entry.method.toUpperCase()})`;
}

export interface ParameterEntry {
  parameter: Record<string, unknown>;
  path: JsonPath;
}

/**
 * The parameters in effect for one operation: path-level parameters, replaced by operation-level ones
 * with the same `name` and `in` (OpenAPI 3.1, Operation Object `parameters`).
 */
export function effectiveParameters(entry: OperationEntry): ParameterEntry[] {
  const byKey = new Map<string, ParameterEntry>();
  const collect = (list: unknown, basePath: JsonPath) => {
    if (!Array.isArray(list)) return;
    list.forEach((parameter, index) => {
      if (!isRecord(parameter)) return;
      byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, {
        parameter,
        path: [...basePath, index],
      });
    });
  };
  collect(entry.pathItem.parameters, [entry.section, entry.key, 'parameters']);
  collect(entry.operation.parameters, [...entry.path, 'parameters']);
  return [...byKey.values()];
}

/**
 * XML media types: `application/xml`, `text/xml` and any `+xml` suffix type, with or without
 * parameters such as `; charset=utf-8`.
 */
export function isXmlMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
}

/** True when the JSON path passes through the media type object of an XML media type. */
export function isUnderXmlMediaType(path: JsonPath): boolean {
  for (let index = 0; index + 1 < path.length; index++) {
    const next = path[index + 1];
    if (path[index] === 'content' && typeof next === 'string' && isXmlMediaType(next)) return true;
  }
  return false;
}

/**
 * True when the path runs through example data (`example`, `examples`), where keys such as `pattern`
 * or `nullable` are payload, not schema keywords. A property *named* `example` is recognised by the
 * `properties` segment before it. (`default` is left out: it is also the catch-all response key.)
 */
export function isInsideExampleData(path: JsonPath): boolean {
  return path.some(
    (segment, index) => (segment === 'example' || segment === 'examples') && path[index - 1] !== 'properties',
  );
}
