import type { OpenApiDocument } from './specs.ts';

/** One example found in a spec, with the schema it must satisfy. */
export interface ExampleSite {
  /** JSON pointer of the example in the bundled document, for messages. */
  pointer: string;
  mediaType?: string;
  schema: unknown;
  value: unknown;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Follows a local `$ref` of the bundled document (bundling leaves only `#/components/...` refs). */
export function deref(spec: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isNode(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((acc, key) => (isNode(acc) ? acc[key] : undefined), spec);
  }
  return current;
}

export function isXmlMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
}

function examplesOf(
  spec: OpenApiDocument,
  holder: Node,
  pointer: string,
): Array<{ pointer: string; value: unknown }> {
  const found: Array<{ pointer: string; value: unknown }> = [];
  if ('example' in holder) found.push({ pointer: `${pointer}/example`, value: holder.example });
  if (isNode(holder.examples)) {
    for (const [name, raw] of Object.entries(holder.examples)) {
      const example = deref(spec, raw);
      if (isNode(example) && 'value' in example) {
        found.push({ pointer: `${pointer}/examples/${escapePointer(name)}`, value: example.value });
      }
    }
  }
  return found;
}

function mediaSites(spec: OpenApiDocument, content: unknown, pointer: string): ExampleSite[] {
  if (!isNode(content)) return [];
  return Object.entries(content).flatMap(([mediaType, rawMedia]) => {
    const media = deref(spec, rawMedia);
    if (!isNode(media)) return [];
    const at = `${pointer}/content/${escapePointer(mediaType)}`;
    return examplesOf(spec, media, at).map((example) => ({
      ...example,
      mediaType,
      schema: media.schema ?? {},
    }));
  });
}

function parameterSites(spec: OpenApiDocument, parameters: unknown, pointer: string): ExampleSite[] {
  if (!Array.isArray(parameters)) return [];
  return parameters.flatMap((raw, index) => {
    const parameter = deref(spec, raw);
    if (!isNode(parameter)) return [];
    const at = `${pointer}/parameters/${index}`;
    if (parameter.content) return mediaSites(spec, parameter.content, at);
    return examplesOf(spec, parameter, at).map((example) => ({ ...example, schema: parameter.schema ?? {} }));
  });
}

function operationSites(spec: OpenApiDocument, pathItem: Node, pointer: string): ExampleSite[] {
  const sites = parameterSites(spec, pathItem.parameters, pointer);
  for (const method of httpMethods) {
    const operation = deref(spec, pathItem[method]);
    if (!isNode(operation)) continue;
    const at = `${pointer}/${method}`;
    sites.push(...parameterSites(spec, operation.parameters, at));
    const body = deref(spec, operation.requestBody);
    if (isNode(body)) sites.push(...mediaSites(spec, body.content, `${at}/requestBody`));
    if (isNode(operation.responses)) {
      for (const [status, rawResponse] of Object.entries(operation.responses)) {
        const response = deref(spec, rawResponse);
        if (!isNode(response)) continue;
        const responseAt = `${at}/responses/${escapePointer(status)}`;
        sites.push(...mediaSites(spec, response.content, responseAt));
        if (isNode(response.headers)) {
          for (const [name, rawHeader] of Object.entries(response.headers)) {
            const header = deref(spec, rawHeader);
            if (!isNode(header)) continue;
            const headerAt = `${responseAt}/headers/${escapePointer(name)}`;
            sites.push(
              ...examplesOf(spec, header, headerAt).map((example) => ({
                ...example,
                schema: header.schema ?? {},
              })),
            );
          }
        }
      }
    }
  }
  return sites;
}

/** Schema-level `example`/`examples` of the component schemas and their nested properties. */
function schemaSites(schema: unknown, pointer: string): ExampleSite[] {
  if (!isNode(schema)) return [];
  const sites: ExampleSite[] = [];
  if ('example' in schema) sites.push({ pointer: `${pointer}/example`, schema, value: schema.example });
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value, index) => {
      sites.push({ pointer: `${pointer}/examples/${index}`, schema, value });
    });
  }
  if (isNode(schema.properties)) {
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
  for (const [group, items] of [
    ['paths', spec.paths],
    ['webhooks', spec.webhooks],
  ] as const) {
    for (const [key, rawItem] of Object.entries(items ?? {})) {
      const item = deref(spec, rawItem);
      if (isNode(item)) sites.push(...operationSites(spec, item, `#/${group}/${escapePointer(key)}`));
    }
  }
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    sites.push(...schemaSites(schema, `#/components/schemas/${escapePointer(name)}`));
  }
  return sites;
}
