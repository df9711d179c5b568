import { isMethodOpen, readPathAliases } from '@svc-contracts/contract-model';
import {
  isObject,
  type OpenApiDocument,
  type OperationEntry,
  type OperationSection,
  operationsOf,
  pointerOf,
} from '@svc-contracts/openapi-utils';
import type { OperationMatch } from '../core/types.js';

/** One documented operation of `paths` or of `webhooks`, its method upper case; an entry of `webhooks` has its
 * name as `webhook` and `webhooks/<name>` as its path template. */
export type IndexedOperation = ReturnType<typeof indexedOperation>;

function indexedOperation(service: string, section: OperationSection, entry: OperationEntry) {
  const { key, method, pathItem, operation, pointer } = entry;
  const upper = method.toUpperCase();
  const webhook = section === 'webhooks';
  const unnamed = webhook ? `webhook ${key}` : `${upper} ${key}`;
  return {
    service,
    operationId: typeof operation.operationId === 'string' ? operation.operationId : unnamed,
    method: upper,
    pathTemplate: webhook ? `webhooks/${key}` : key,
    ...(webhook ? { webhook: key } : {}),
    pointer,
    pathItemPointer: pointerOf([section, key]),
    operation,
    pathItem,
  };
}

type PathParams = Record<string, string>;

/** A literal segment, or one with parameters (`{id}`, `{name}.json`). */
type RouteSegment = string | { pattern: RegExp; names: string[] };

type CompiledRoute = ReturnType<typeof compileRoute>;

/** Why a request matched no operation, so the message can say what is near. */
export type MatchMiss =
  | { reason: 'no-path' }
  | { reason: 'method'; service: string; pathTemplate: string; allowed: string[] }
  | { reason: 'trailing-slash'; service: string; pathTemplate: string; method: string }
  /** A callback whose webhook is not found, or not for its method: the message says why. */
  | { reason: 'webhook'; message: string };

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileSegment(segment: string): RouteSegment {
  // Literal text and parameter names alternate: `a{b}c` → ['a', 'b', 'c'].
  const parts = segment.split(/\{([^}]+)\}/);
  if (parts.length === 1) return segment;
  const source = parts.map((part, at) => (at % 2 === 1 ? '(.+?)' : escapeRegExp(part))).join('');
  return { pattern: new RegExp(`^${source}$`), names: parts.filter((_, at) => at % 2 === 1) };
}

/** `rank`: a digit per segment, lower more specific (literal 0, partly templated 1, wholly templated 2);
 * `alias`, for a route of the path item's `x-path-aliases`: the alias template it was compiled from. */
function compileRoute(operation: IndexedOperation, template: string, alias?: string) {
  const texts = splitPath(template);
  const rank = texts.map((text) => (!text.includes('{') ? '0' : /^\{[^}]+\}$/.test(text) ? '2' : '1'));
  return { operation, segments: texts.map(compileSegment), rank: rank.join(''), alias };
}

/** `/a/{b}/` → ['a', '{b}', ''] — the empty last segment is how a documented trailing slash is kept. */
function splitPath(path: string): string[] {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  return trimmed === '' ? [] : trimmed.split('/');
}

/** The path part of a server URL: `{base_url}` has none, `{dashboard_url}/api/v2` has `/api/v2`,
 * `https://{region}.example.com/v1` has `/v1`. */
export function serverBasePath(url: string): string {
  let rest = url.trim();
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(rest) ?? /^\/\/[^/]*/.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length);
  else if (!rest.startsWith('/')) {
    // A leading variable (or host) stands for scheme and authority: the path starts at the first `/` outside braces.
    const slash = firstSlashOutsideBraces(rest);
    rest = slash < 0 ? '' : rest.slice(slash);
  }
  rest = rest.split(/[?#]/)[0] ?? '';
  return rest.replace(/\/+$/, '');
}

function firstSlashOutsideBraces(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === '/' && depth === 0) return i;
  }
  return -1;
}

function basePaths(...serverLists: unknown[]): string[] {
  const servers = serverLists.find((list) => Array.isArray(list) && list.length > 0) as unknown[] | undefined;
  if (!servers) return [''];
  const paths = servers.map((server) =>
    isObject(server) && typeof server.url === 'string' ? serverBasePath(server.url) : '',
  );
  return [...new Set(paths)];
}

function printableName(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path parameters of `segments` (percent-decoded) on `route`, or undefined when it does not match. */
function matchRoute(route: CompiledRoute, segments: string[]): PathParams | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const pathParams: PathParams = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i] as RouteSegment;
    if (typeof expected === 'string') {
      if (expected !== segments[i]) return undefined;
      continue;
    }
    const found = expected.pattern.exec(segments[i] as string);
    if (!found) return undefined;
    for (const [at, name] of expected.names.entries()) pathParams[name] = found[at + 1] ?? '';
  }
  return pathParams;
}

/** Every operation of `paths` and of `webhooks` (those have `webhook` set), and the matching of each. */
export type OperationIndex = ReturnType<typeof buildOperationIndex>;

/** What matching a request or a callback found: the operation, or why there is none. */
type Found = { match?: OperationMatch; operation?: IndexedOperation; miss?: MatchMiss };

/** An absolute `http(s)` URL or an origin-relative one whose path holds only characters the URL parser leaves
 * alone (no dot segments, nothing to percent-encode): its path is the text as written. */
const plainUrl = /^(?:https?:\/\/[^/?#\\]*)?(\/[A-Za-z0-9\-_~!$&'()*+,;=:@%/]*)?(?:[?#]|$)/;

/** Addresses whose match is kept; past this many, the memo starts again (memory stays bounded). */
const maxRecentMatches = 10_000;

/** A found match, frozen with what it holds, since every verdict that shares it reads it. */
function frozen(found: Found): Found {
  if (found.match) Object.freeze(Object.freeze(found.match).pathParams);
  if (found.miss?.reason === 'method') Object.freeze(Object.freeze(found.miss).allowed);
  return Object.freeze(found);
}

/** URL path of a recorded URL, still percent-encoded (segments are decoded one by one). */
export function urlPath(url: string): string {
  const plain = plainUrl.exec(url);
  if (plain && (plain[0] !== '' || url === '') && !/%2e/i.test(plain[1] ?? '')) return plain[1] || '/';
  try {
    return new URL(url, 'http://recording.invalid').pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
}

/** Every operation of `paths` and of `webhooks`, in document order, and the routes of those of `paths`. */
function indexOperations(services: Array<{ name: string; document: OpenApiDocument }>) {
  const operations: IndexedOperation[] = [];
  const routes: CompiledRoute[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    for (const { name, document } of services) {
      for (const entry of operationsOf(document, [section])) {
        const indexed = indexedOperation(name, section, entry);
        operations.push(indexed);
        // A webhook is not reached by URL: a callback goes to the address its subscriber chose.
        if (section === 'paths') routes.push(...routesOf(document, indexed));
      }
    }
  }
  return { operations, routes };
}

/** The routes of an operation, one per server base path; `x-path-aliases` (other spellings the source uses
 * too, numbers `/e911addresses`) follow the documented one and are reported as a warning. */
function routesOf(document: OpenApiDocument, indexed: IndexedOperation): CompiledRoute[] {
  const { operation, pathItem, pathTemplate } = indexed;
  const bases = basePaths(operation.servers, pathItem.servers, document.servers);
  const routes = bases.map((base) => compileRoute(indexed, `${base}${pathTemplate}`));
  for (const alias of readPathAliases(pathItem).value ?? [])
    for (const base of bases) routes.push(compileRoute(indexed, `${base}${alias}`, alias));
  return routes;
}

export function buildOperationIndex(services: Array<{ name: string; document: OpenApiDocument }>) {
  const { operations, routes } = indexOperations(services);

  /** The routes `path` matches, most specific first (a stable sort keeps config, then spec order). */
  function hitsFor(path: string, service: string | undefined) {
    const segments = splitPath(path).map(safeDecode);
    const hits: Array<{ route: CompiledRoute; pathParams: PathParams }> = [];
    for (const route of routes) {
      if (service !== undefined && route.operation.service !== service) continue;
      const pathParams = matchRoute(route, segments);
      if (pathParams) hits.push({ route, pathParams });
    }
    return hits.sort((a, b) => (a.route.rank < b.route.rank ? -1 : a.route.rank > b.route.rank ? 1 : 0));
  }

  // Traffic repeats its URLs (lists, polling, the same resource): each answer is kept, frozen because every
  // verdict that shares it reads it.
  let recent = new Map<string, Found>();

  function matchPath(upper: string, path: string, service: string | undefined): Found {
    const hits = hitsFor(path, service);
    const hit = hits.find(({ route }) => route.operation.method === upper);
    if (hit) {
      const { operation, alias } = hit.route;
      return { operation, match: matchOf(operation, upper, hit.pathParams, alias) };
    }
    const first = hits[0]?.route.operation;
    if (first) {
      const allowed = hits
        .filter(({ route }) => route.operation.pathTemplate === first.pathTemplate)
        .map(({ route }) => route.operation.method);
      return {
        miss: { reason: 'method', service: first.service, pathTemplate: first.pathTemplate, allowed },
      };
    }
    // The contract is strict about trailing slashes (voice create is `/calls/`, modify is `/calls/{callId}`);
    // say so when the other form would have matched.
    const toggled = path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`;
    const near = hitsFor(toggled, service).find(({ route }) => route.operation.method === upper)?.route;
    if (near) {
      const { service, pathTemplate } = near.operation;
      return { miss: { reason: 'trailing-slash', service, pathTemplate, method: upper } };
    }
    return { miss: { reason: 'no-path' } };
  }

  return {
    operations,
    /** The webhook a recorded callback names (`<name>` or `<service>/<name>`, the entry's `_webhook`), or why none. */
    matchWebhook(name: string, method: string, scope?: string): Found {
      const upper = method.toUpperCase();
      const slash = name.indexOf('/');
      const service = slash >= 0 ? name.slice(0, slash) : scope;
      const webhook = slash >= 0 ? name.slice(slash + 1) : name;
      const named = operations.filter(
        (candidate) =>
          candidate.webhook === webhook && (service === undefined || candidate.service === service),
      );
      if (named.length === 0) {
        const known = operations
          .filter((candidate) => candidate.webhook !== undefined)
          .map((candidate) => `${candidate.service}/${candidate.webhook}`);
        const message = `no webhook ${printableName(name)} in the contract (webhooks: ${[...new Set(known)].join(', ') || 'none'})`;
        return { miss: { reason: 'webhook', message } };
      }
      const services = [...new Set(named.map((candidate) => candidate.service))];
      if (services.length > 1) {
        const message = `webhook ${printableName(name)} is documented by ${services.join(', ')}: name it <service>/${webhook}`;
        return { miss: { reason: 'webhook', message } };
      }
      // A webhook whose method the source does not show (`x-method-open`) takes a delivery of any method.
      const operation =
        named.find((candidate) => candidate.method === upper) ??
        (named.length === 1 && isMethodOpen(named[0]?.operation) ? named[0] : undefined);
      if (!operation) {
        const message = `${upper} is not documented for webhook ${services[0]}/${webhook} (it documents ${named.map((candidate) => candidate.method).join(', ')})`;
        return { miss: { reason: 'webhook', message } };
      }
      return { operation, match: matchOf(operation, upper, {}) };
    },
    match(method: string, url: string, service?: string): Found {
      const end = url.search(/[?#]/);
      const address = end < 0 ? url : url.slice(0, end);
      // An address with user info is not kept: its text may hold a credential.
      if (address.includes('@')) return frozen(matchPath(method.toUpperCase(), urlPath(address), service));
      // A method and a service name hold no space; the address comes last.
      const key = `${method} ${service ?? '*'} ${address}`;
      const known = recent.get(key);
      if (known !== undefined) return known;
      if (recent.size >= maxRecentMatches) recent = new Map();
      const found = frozen(matchPath(method.toUpperCase(), urlPath(address), service));
      recent.set(key, found);
      return found;
    },
  };
}

function matchOf(operation: IndexedOperation, method: string, pathParams: PathParams, pathAlias?: string) {
  const { service, operationId, pathTemplate } = operation;
  const match: OperationMatch = { service, operationId, method, pathTemplate, pathParams };
  return pathAlias === undefined ? match : { ...match, pathAlias };
}
