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

export interface ResolvedParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** `schema`, or the schema of the single `content` entry. */
  schema?: unknown;
  /** The media type of a parameter declared with `content`, and whether it is JSON (parsed before the check). */
  contentType?: string;
  contentIsJson?: boolean;
  style: string;
  explode: boolean;
  /** `x-requires`: names (same `in`) that must be present whenever this one is. */
  requires: string[];
  /** Pointers of the parameter and its schema (their components when they are `$ref`s). */
  pointer: string;
  schemaPointer: string;
}

/** The style of a parameter that names none (OpenAPI 3.1 §4.8.12.4). */
const defaultStyle: Record<ParameterLocation, string> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

/** OpenAPI: header parameters with these names are ignored (the spec describes them elsewhere). */
const ignoredHeaderParameters = new Set(['accept', 'content-type', 'authorization']);

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
      const { node, pointer } = derefWithPointer(doc, raw, `${listPointer}/parameters/${index}`);
      if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') return;
      const location = node.in as ParameterLocation;
      if (!(location in defaultStyle)) return;
      if (location === 'header' && ignoredHeaderParameters.has(node.name.toLowerCase())) return;
      const style = typeof node.style === 'string' ? node.style : defaultStyle[location];
      const content = isObject(node.content) ? Object.keys(node.content)[0] : undefined;
      const declared = content === undefined ? undefined : (node.content as JsonObject)[content];
      const schema = isObject(declared) && declared.schema !== undefined ? declared.schema : node.schema;
      const schemaAt =
        content === undefined ? `${pointer}/schema` : `${pointer}/content/${escapePointer(content)}/schema`;
      const media = content === undefined ? undefined : parseMediaType(content);
      const parameter: ResolvedParameter = {
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
      const key = `${location}:${location === 'header' ? node.name.toLowerCase() : node.name}`;
      byKey.set(key, parameter);
    });
  };
  add(pathItem.parameters, pathItemPointer);
  add(operation.parameters, operationPointer);
  return [...byKey.values()];
}
