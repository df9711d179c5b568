import {
  deref,
  type HttpMethod,
  httpMethods,
  isObject,
  type JsonObject,
  type OpenApiDocument,
} from './openapi.js';

/** One operation of a spec, with what the front needs to check a request against it. */
export interface Operation {
  method: HttpMethod;
  /** The path template as written in the spec, for example `/api/v1/campaign/{campaign_id}/pause`. */
  path: string;
  operationId: string | undefined;
  /** The operation object, with `$ref`s of its own node followed. */
  node: JsonObject;
  /** Parameters of the path item and the operation, the operation's winning on name and `in`. */
  parameters: JsonObject[];
}

export interface RouteMatch {
  operation: Operation;
  pathParams: Record<string, string>;
}

interface CompiledRoute {
  operation: Operation;
  pattern: RegExp;
  names: string[];
  /** Literal segments count: `/workflow/fetch` must win over `/workflow/{id}` for the same URL. */
  literals: number;
}

/**
 * Matches a request to its operation. Prism routes too, but does not say which operation it picked;
 * the front needs the operation (security, XML bodies, the stateful scenario) before calling Prism.
 */
export class Router {
  readonly operations: Operation[];
  private readonly routes: CompiledRoute[];

  constructor(spec: OpenApiDocument) {
    this.operations = collectOperations(spec);
    this.routes = this.operations
      .map((operation) => compile(operation))
      .sort((a, b) => b.literals - a.literals);
  }

  match(method: string, path: string): RouteMatch | undefined {
    const lower = method.toLowerCase();
    for (const route of this.routes) {
      if (route.operation.method !== lower) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const pathParams: Record<string, string> = {};
      route.names.forEach((name, index) => {
        pathParams[name] = safeDecode(found[index + 1] ?? '');
      });
      return { operation: route.operation, pathParams };
    }
    return undefined;
  }

  byOperationId(operationId: string): Operation | undefined {
    return this.operations.find((operation) => operation.operationId === operationId);
  }
}

function collectOperations(spec: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(spec.paths ?? {})) {
    const item = deref(spec, rawItem);
    if (!isObject(item)) continue;
    const shared = parametersOf(spec, item.parameters);
    for (const method of httpMethods) {
      const node = deref(spec, item[method]);
      if (!isObject(node)) continue;
      const own = parametersOf(spec, node.parameters);
      const merged = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const operationId = typeof node.operationId === 'string' ? node.operationId : undefined;
      operations.push({ method, path, operationId, node, parameters: merged });
    }
  }
  return operations;
}

function parametersOf(spec: OpenApiDocument, list: unknown): JsonObject[] {
  if (!Array.isArray(list)) return [];
  return list.map((raw) => deref(spec, raw)).filter(isObject);
}

function compile(operation: Operation): CompiledRoute {
  const names: string[] = [];
  let literals = 0;
  const source = operation.path
    .split('/')
    .map((segment) => {
      if (!segment.includes('{')) {
        if (segment !== '') literals++;
        return escapeRegExp(segment);
      }
      // A segment may mix text and variables (`{id}.json`): each variable matches up to the next `/`.
      return segment
        .split(/(\{[^}]+\})/)
        .map((part) => {
          if (!part.startsWith('{')) return escapeRegExp(part);
          names.push(part.slice(1, -1));
          return '([^/]+)';
        })
        .join('');
    })
    .join('/');
  return { operation, pattern: new RegExp(`^${source}$`), names, literals };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
