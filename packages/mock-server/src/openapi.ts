/** The few OpenAPI shapes and helpers the mocks need; the specs are read as plain JSON. */
export type JsonObject = Record<string, unknown>;

export type OpenApiDocument = JsonObject & {
  openapi: string;
  info: JsonObject & { title: string; version: string };
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isHttpMethod(value: string): value is HttpMethod {
  return (httpMethods as readonly string[]).includes(value);
}

/**
 * Follows local `$ref`s of a bundled document. A Redocly bundle leaves only `#/components/...`
 * references, so a local walk is enough; the hop limit guards against a cycle of bare refs.
 */
export function deref(doc: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((acc, key) => (isObject(acc) ? acc[key] : undefined), doc);
  }
  return current;
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeEssence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isXmlMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
}

export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === 'application/json' || essence.endsWith('+json');
}

/** The first example of a media type object: `example`, else the first of `examples`. */
export function firstExample(doc: OpenApiDocument, media: JsonObject): unknown {
  if ('example' in media) return media.example;
  if (isObject(media.examples)) {
    for (const raw of Object.values(media.examples)) {
      const example = deref(doc, raw);
      if (isObject(example) && 'value' in example) return example.value;
    }
  }
  return undefined;
}
