import { deref, httpMethods, isObject, type JsonObject, operationsOf } from '@svc-contracts/openapi-utils';
import { bundleService, listWrittenServices } from '../../scripts/lib/specs.ts';

/** What the specs declare that the checker's coverage does not list: request media types and the like. */
export interface SpecFacts {
  /** `service operationId media-type` of every request body media type. */
  requestMediaTypes: Array<{ service: string; operationId: string; mediaType: string }>;
  /** `service operationId in:name` of required parameters other than path parameters. */
  requiredNonPathParameters: string[];
  /** `service operationId status header` of every declared response header. */
  responseHeaders: string[];
  /**
   * `service operationId status` of every response (operations and webhooks) declared without content
   * and without `x-body-open`: the only kind a body-less answer is held to (response-body-undocumented).
   */
  closedContentlessResponses: string[];
}

type Json = JsonObject;
const methods = httpMethods;

/** Reads the facts from the bundled specs of every service listed in redocly.yaml. */
export async function readSpecFacts(): Promise<SpecFacts> {
  const facts: SpecFacts = {
    requestMediaTypes: [],
    requiredNonPathParameters: [],
    responseHeaders: [],
    closedContentlessResponses: [],
  };
  for (const service of listWrittenServices()) {
    const { spec } = await bundleService(service);
    const doc = spec as Json;
    facts.closedContentlessResponses.push(...closedContentless(service.name, doc));
    for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
      if (!isObject(item)) continue;
      for (const method of methods) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const operationId = String(operation.operationId);
        const parameters = [
          ...(Array.isArray(item.parameters) ? item.parameters : []),
          ...(Array.isArray(operation.parameters) ? operation.parameters : []),
        ].map((parameter) => deref(doc, parameter));
        for (const parameter of parameters) {
          if (isObject(parameter) && parameter.in !== 'path' && parameter.required === true) {
            facts.requiredNonPathParameters.push(
              `${service.name} ${operationId} ${parameter.in}:${parameter.name}`,
            );
          }
        }
        const body = deref(doc, operation.requestBody);
        if (isObject(body) && isObject(body.content)) {
          for (const mediaType of Object.keys(body.content)) {
            facts.requestMediaTypes.push({ service: service.name, operationId, mediaType });
          }
        }
        for (const [status, raw] of Object.entries(
          isObject(operation.responses) ? operation.responses : {},
        )) {
          const response = deref(doc, raw);
          if (!isObject(response) || !isObject(response.headers)) continue;
          for (const name of Object.keys(response.headers)) {
            facts.responseHeaders.push(`${service.name} ${operationId} ${status} ${name}`);
          }
        }
      }
    }
  }
  return facts;
}

/** Responses of operations and webhooks declared without content and without `x-body-open`. */
function closedContentless(serviceName: string, doc: Json): string[] {
  const found: string[] = [];
  for (const { operation } of operationsOf(doc)) {
    if (!isObject(operation.responses)) continue;
    for (const [status, raw] of Object.entries(operation.responses)) {
      const response = deref(doc, raw);
      if (isObject(response) && !isObject(response.content) && response['x-body-open'] !== true) {
        found.push(`${serviceName} ${String(operation.operationId)} ${status}`);
      }
    }
  }
  return found;
}
