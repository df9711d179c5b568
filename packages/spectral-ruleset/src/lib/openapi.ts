import { httpMethods, isObject, isXmlMediaType, type OperationEntry } from '@svc-contracts/openapi-utils';
import type { JsonPath } from './json.js';

// Spectral selects nodes by JSONPath; the rule functions walk the resolved document with
// @svc-contracts/openapi-utils (operationsOf, describeOperation, media types) like every other tool.
const METHOD_LIST = httpMethods.join(',');

/** JSONPath of every operation under `paths`. */
export const PATH_OPERATIONS = `$.paths[*][${METHOD_LIST}]`;

/** JSONPath of every operation under `webhooks` (OpenAPI 3.1). */
export const WEBHOOK_OPERATIONS = `$.webhooks[*][${METHOD_LIST}]`;

export interface ParameterEntry {
  parameter: Record<string, unknown>;
  path: JsonPath;
}

/** The parameters of one operation: path-level ones, replaced by operation-level ones of the same `name` and `in`. */
export function effectiveParameters(entry: OperationEntry): ParameterEntry[] {
  const byKey = new Map<string, ParameterEntry>();
  const collect = (list: unknown, basePath: JsonPath) => {
    if (!Array.isArray(list)) return;
    list.forEach((parameter, index) => {
      if (!isObject(parameter)) return;
      byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, {
        parameter,
        path: [...basePath, index],
      });
    });
  };
  collect(entry.pathItem.parameters, [entry.section, entry.key, 'parameters']);
  collect(entry.operation.parameters, [...entry.location, 'parameters']);
  return [...byKey.values()];
}

/** True when the JSON path passes through the media type object of an XML media type. */
export function isUnderXmlMediaType(path: JsonPath): boolean {
  for (let index = 0; index + 1 < path.length; index++) {
    const next = path[index + 1];
    if (path[index] === 'content' && typeof next === 'string' && isXmlMediaType(next)) return true;
  }
  return false;
}

/** Whether the path runs through example data, where `pattern` or `nullable` are payload (`default` left out: a response key too). */
export function isInsideExampleData(path: JsonPath): boolean {
  return path.some(
    (segment, index) => (segment === 'example' || segment === 'examples') && path[index - 1] !== 'properties',
  );
}

/** The finding for a response extension found anywhere but on a Response Object (where nothing reads it), else undefined. */
export function misplacedResponseExtension(
  path: JsonPath,
  extension: string,
): { message: string; path: JsonPath } | undefined {
  if (path.at(-2) === 'responses') return undefined;
  return {
    message: `\`${extension}\` belongs on a Response Object (a status under \`responses\`, or a \`components.responses\` entry); elsewhere nothing reads it.`,
    path: [...path, extension],
  };
}
