import {
  deref,
  escapePointer,
  examplesOf,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  type OperationSection,
  operationsOfPathItem,
} from '@svc-contracts/openapi-utils';

// Kept as a re-export for callers that took `deref` from here; new code imports the package itself.
export { deref } from '@svc-contracts/openapi-utils';

/** One example found in a spec, with the schema it must satisfy. */
export interface ExampleSite {
  /** JSON pointer of the example in the bundled document, for messages. */
  pointer: string;
  mediaType?: string;
  schema: unknown;
  value: unknown;
}

/** The examples of a Media Type, Parameter or Header object, each checked against `schema`. */
function holderSites(
  spec: OpenApiDocument,
  holder: JsonObject,
  pointer: string,
  schema: unknown,
): ExampleSite[] {
  return examplesOf(spec, holder, pointer).map(({ pointer: at, value }) => ({ pointer: at, schema, value }));
}

function mediaSites(spec: OpenApiDocument, content: unknown, pointer: string): ExampleSite[] {
  if (!isObject(content)) return [];
  return Object.entries(content).flatMap(([mediaType, rawMedia]) => {
    const media = deref(spec, rawMedia);
    if (!isObject(media)) return [];
    const at = `${pointer}/content/${escapePointer(mediaType)}`;
    return holderSites(spec, media, at, media.schema ?? {}).map((site) => ({ ...site, mediaType }));
  });
}

function parameterSites(spec: OpenApiDocument, parameters: unknown, pointer: string): ExampleSite[] {
  if (!Array.isArray(parameters)) return [];
  return parameters.flatMap((raw, index) => {
    const parameter = deref(spec, raw);
    if (!isObject(parameter)) return [];
    const at = `${pointer}/parameters/${index}`;
    if (parameter.content) return mediaSites(spec, parameter.content, at);
    return holderSites(spec, parameter, at, parameter.schema ?? {});
  });
}

function responseSites(spec: OpenApiDocument, response: JsonObject, pointer: string): ExampleSite[] {
  const sites = mediaSites(spec, response.content, pointer);
  if (isObject(response.headers)) {
    for (const [name, rawHeader] of Object.entries(response.headers)) {
      const header = deref(spec, rawHeader);
      if (!isObject(header)) continue;
      sites.push(
        ...holderSites(spec, header, `${pointer}/headers/${escapePointer(name)}`, header.schema ?? {}),
      );
    }
  }
  return sites;
}

function pathItemSites(
  spec: OpenApiDocument,
  section: OperationSection,
  key: string,
  pathItem: JsonObject,
): ExampleSite[] {
  const sites = parameterSites(spec, pathItem.parameters, `#/${section}/${escapePointer(key)}`);
  for (const { operation, pointer } of operationsOfPathItem(section, key, pathItem, spec)) {
    sites.push(...parameterSites(spec, operation.parameters, pointer));
    const body = deref(spec, operation.requestBody);
    if (isObject(body)) sites.push(...mediaSites(spec, body.content, `${pointer}/requestBody`));
    if (!isObject(operation.responses)) continue;
    for (const [status, rawResponse] of Object.entries(operation.responses)) {
      const response = deref(spec, rawResponse);
      if (isObject(response)) {
        sites.push(...responseSites(spec, response, `${pointer}/responses/${escapePointer(status)}`));
      }
    }
  }
  return sites;
}

/** Schema-level `example`/`examples` of the component schemas and their nested properties. */
function schemaSites(schema: unknown, pointer: string): ExampleSite[] {
  if (!isObject(schema)) return [];
  const sites: ExampleSite[] = [];
  if ('example' in schema) sites.push({ pointer: `${pointer}/example`, schema, value: schema.example });
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value, index) => {
      sites.push({ pointer: `${pointer}/examples/${index}`, schema, value });
    });
  }
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      sites.push(...schemaSites(property, `${pointer}/properties/${escapePointer(name)}`));
    }
  }
  for (const keyword of ['items', 'additionalProperties', 'not']) {
    sites.push(...schemaSites(schema[keyword], `${pointer}/${keyword}`));
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => {
      sites.push(...schemaSites(item, `${pointer}/${keyword}/${index}`));
    });
  }
  return sites;
}

/** Every example of a bundled spec: media types, parameters, headers, webhooks and schemas. */
export function collectExamples(spec: OpenApiDocument): ExampleSite[] {
  const sites: ExampleSite[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    for (const [key, rawItem] of Object.entries(spec[section] ?? {})) {
      const pathItem = deref(spec, rawItem);
      if (isObject(pathItem)) sites.push(...pathItemSites(spec, section, key, pathItem));
    }
  }
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    sites.push(...schemaSites(schema, `#/components/schemas/${escapePointer(name)}`));
  }
  return sites;
}
