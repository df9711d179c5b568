import { readRequires } from '@svc-contracts/contract-model';
import {
  derefWithPointer,
  escapePointer,
  isJsonMediaType,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  parseMediaType,
} from '@svc-contracts/openapi-utils';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export type ResolvedParameter = NonNullable<ReturnType<typeof resolveParameter>>;

/** The style of a parameter that names none (OpenAPI 3.1 §4.8.12.4). */
const defaultStyle = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' } as const;

/** OpenAPI: header parameters with these names are ignored (the spec describes them elsewhere). */
const ignoredHeaderParameters = new Set(['accept', 'content-type', 'authorization']);

/** A declared parameter as the checks read it: its `schema`, else its single `content` entry's; `requires`,
 * its `x-requires`; the pointers of the parameter and its schema (their components when `$ref`s). */
function resolveParameter(doc: OpenApiDocument, raw: unknown, at: string) {
  const { node, pointer } = derefWithPointer(doc, raw, at);
  if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') return undefined;
  const location = node.in as ParameterLocation;
  if (!(location in defaultStyle)) return undefined;
  if (location === 'header' && ignoredHeaderParameters.has(node.name.toLowerCase())) return undefined;
  const style = typeof node.style === 'string' ? node.style : defaultStyle[location];
  const content = isObject(node.content) ? Object.keys(node.content)[0] : undefined;
  const declared = content === undefined ? undefined : (node.content as JsonObject)[content];
  const schema = isObject(declared) && declared.schema !== undefined ? declared.schema : node.schema;
  const schemaAt =
    content === undefined ? `${pointer}/schema` : `${pointer}/content/${escapePointer(content)}/schema`;
  const media = content === undefined ? undefined : parseMediaType(content);
  return {
    name: node.name,
    in: location,
    required: node.required === true || location === 'path',
    style,
    explode: typeof node.explode === 'boolean' ? node.explode : style === 'form',
    requires: readRequires(node).value ?? [],
    pointer,
    schemaPointer: schema === undefined ? schemaAt : derefWithPointer(doc, schema, schemaAt).pointer,
    ...(schema === undefined ? {} : { schema }),
    ...(content === undefined
      ? {}
      : { contentType: content, contentIsJson: media !== undefined && isJsonMediaType(media) }),
  };
}

/** Path-item parameters overridden by operation parameters with the same name and location. */
export function resolveParameters(
  doc: OpenApiDocument,
  pathItem: JsonObject,
  operation: JsonObject,
  pathItemPointer: string,
  operationPointer: string,
): ResolvedParameter[] {
  const byKey = new Map<string, ResolvedParameter>();
  const add = (list: unknown, listPointer: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, index) => {
      const parameter = resolveParameter(doc, raw, `${listPointer}/parameters/${index}`);
      if (parameter === undefined) return;
      const { name, in: location } = parameter;
      byKey.set(`${location}:${location === 'header' ? name.toLowerCase() : name}`, parameter);
    });
  };
  add(pathItem.parameters, pathItemPointer);
  add(operation.parameters, operationPointer);
  return [...byKey.values()];
}
