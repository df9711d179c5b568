import { resolve } from 'node:path';
import { readXsd } from '@svc-contracts/contract-model';
import {
  deref,
  findMediaType,
  isFormMediaType,
  isJsonMediaType,
  isObject,
  isXmlMediaType,
  type JsonObject,
  type OpenApiDocument,
} from '@svc-contracts/openapi-utils';
import type { OperationMatch, RecordedRequest, RecordedResponse } from '../core/types.js';
import { contentTypeOf } from '../parameters/request-parts.js';
import { responseKeyFor } from '../responses/response-check.js';
import type { PreparedOperation } from './compiled.js';

/** What the contract says a body is, for building mutants of it. */
export type BodyShape =
  | { kind: 'json' | 'form' | 'text-json'; mediaType: string; schema: unknown }
  | { kind: 'xml'; mediaType: string; xsdPath: string; element?: string };

export interface ExchangeShapes {
  match: OperationMatch;
  /** The bundled document the schemas belong to (they may hold `$ref`s into it). */
  document: OpenApiDocument;
  request?: BodyShape;
  response?: BodyShape;
  /** Query parameters with a schema; `json` when declared with `content: application/json`. */
  query: Array<{ name: string; schema: unknown; json: boolean }>;
}

/** The schemas behind an exchange's bodies and query parameters, for building mutants of them. */
export function describeShapes(
  operation: PreparedOperation,
  match: OperationMatch,
  request: RecordedRequest,
  response: RecordedResponse,
): ExchangeShapes {
  const { doc } = operation.service;
  const { indexed } = operation;
  const shapeOf = (content: unknown, headers: RecordedRequest['headers']): BodyShape | undefined => {
    const found = findMediaType(content, contentTypeOf(headers));
    if (!found || !isObject(found.media)) return undefined;
    const { media, actual, key } = found;
    if (isXmlMediaType(actual)) {
      const xsd = readXsd(media).value;
      if (!xsd) return undefined;
      const xsdPath = resolve(operation.service.spec.dir, xsd.schema);
      return { kind: 'xml', mediaType: key, xsdPath, element: xsd.element };
    }
    if (media.schema === undefined) return undefined;
    if (isJsonMediaType(actual)) return { kind: 'json', mediaType: key, schema: media.schema };
    if (isFormMediaType(actual)) return { kind: 'form', mediaType: key, schema: media.schema };
    const node = deref(doc, media.schema);
    if (isObject(node) && node.contentMediaType === 'application/json' && node.contentSchema !== undefined) {
      return { kind: 'text-json', mediaType: key, schema: node.contentSchema };
    }
    return undefined;
  };
  const shapes: ExchangeShapes = {
    match,
    document: doc,
    query: operation.parameters
      .filter((parameter) => parameter.in === 'query' && parameter.schema !== undefined)
      .map(({ name, schema, contentType }) => ({ name, schema, json: contentType !== undefined })),
  };
  const requestBody = deref(doc, indexed.operation.requestBody);
  const requestShape = isObject(requestBody) ? shapeOf(requestBody.content, request.headers) : undefined;
  if (requestShape) shapes.request = requestShape;
  const key = responseKeyFor(indexed.operation.responses, response.status);
  const declared =
    key === undefined ? undefined : deref(doc, (indexed.operation.responses as JsonObject)[key]);
  const responseShape = isObject(declared) ? shapeOf(declared.content, response.headers) : undefined;
  if (responseShape) shapes.response = responseShape;
  return shapes;
}
