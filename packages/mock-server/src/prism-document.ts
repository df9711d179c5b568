import {
  deref,
  httpMethods,
  isObject,
  isXmlMediaType,
  type JsonObject,
  type OpenApiDocument,
} from '@svc-contracts/openapi-utils';

/**
 * The document handed to Prism, derived from the bundled spec:
 *
 * - `servers` removed everywhere: the specs' servers are variables (`{base_url}`) holding only a host,
 *   and the paths carry the full prefix, so the mock serves the spec's paths at its root.
 * - XML media types get `schema: {type: string}`: Prism checks an XML body as if it were JSON (every
 *   XML request gets "body must be object") and generates `<xml>` documents that ignore `xml.name`.
 *   As strings, Prism accepts the body (the front has validated it against the XSD already) and serves
 *   the spec's literal XML examples.
 * - `webhooks` removed: Prism does not serve them and they only cost time to resolve.
 * - a response's `*` slash `*` entry removed beside a declared media type: it says what the contract
 *   accepts where the source shows no media type (the token answer, the messaging 202), and Prism would
 *   serve its example to a client that accepts anything; the mock answers the declared one.
 */
export function prismDocument(spec: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(spec);
  delete doc.servers;
  delete doc.webhooks;
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = inline(doc, rawItem);
    if (!isObject(item)) continue;
    (doc.paths as JsonObject)[path] = item;
    delete item.servers;
    for (const method of httpMethods) {
      const operation = inline(doc, item[method]);
      if (!isObject(operation)) continue;
      item[method] = operation;
      delete operation.servers;
      const body = inline(doc, operation.requestBody);
      if (isObject(body)) {
        operation.requestBody = body;
        stringifyXml(doc, body.content);
      }
      if (isObject(operation.responses)) {
        for (const [status, rawResponse] of Object.entries(operation.responses)) {
          const response = inline(doc, rawResponse);
          if (!isObject(response)) continue;
          operation.responses[status] = response;
          stringifyXml(doc, response.content);
          dropAnyMediaType(response.content);
        }
      }
    }
  }
  return doc;
}

/** Operations whose every response is XML: served from examples even in dynamic mode. */
export function xmlOnlyResponses(spec: OpenApiDocument, operation: JsonObject): boolean {
  const responses = operation.responses;
  if (!isObject(responses)) return false;
  const mediaTypes = Object.values(responses).flatMap((raw) => {
    const response = deref(spec, raw);
    return isObject(response) && isObject(response.content) ? Object.keys(response.content) : [];
  });
  return mediaTypes.length > 0 && mediaTypes.every(isXmlMediaType);
}

/** A copy of a referenced node, so that changing it for one operation does not change a shared component (a
 * request body used by a JSON and an XML operation alike). */
function inline(doc: OpenApiDocument, node: unknown): unknown {
  return isObject(node) && typeof node.$ref === 'string' ? structuredClone(deref(doc, node)) : node;
}

function dropAnyMediaType(content: unknown): void {
  if (isObject(content) && '*/*' in content && Object.keys(content).length > 1) delete content['*/*'];
}

function stringifyXml(doc: OpenApiDocument, content: unknown): void {
  if (!isObject(content)) return;
  for (const [mediaType, rawMedia] of Object.entries(content)) {
    if (!isXmlMediaType(mediaType)) continue;
    const media = inline(doc, rawMedia);
    if (!isObject(media)) continue;
    content[mediaType] = media;
    media.schema = { type: 'string' };
  }
}
