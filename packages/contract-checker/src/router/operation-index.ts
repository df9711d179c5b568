import { isMethodOpen, readPathAliases } from '@svc-contracts/contract-model';
import {
  isObject,
  type JsonObject,
  type OpenApiDocument,
  operationsOf,
  pointerOf,
} from '@svc-contracts/openapi-utils';
import type { OperationMatch } from '../core/types.js';
import { scopedMemo } from './recent-matches.js';

/** One documented operation, with the compiled URL paths (one per server base path) that reach it. */
export interface IndexedOperation {
  service: string;
  operationId: string;
  /** Upper case. */
  method: string;
  /** The path key of the spec; for a webhook, `webhooks/<name>`. */
  pathTemplate: string;
  /** Set for an entry of the spec's `webhooks`: its name. A webhook has no route (it is not reached by URL). */
  webhook?: string;
  /** JSON pointer of the operation in the bundled document. */
  pointer: string;
  pathItemPointer: string;
  operation: JsonObject;
  pathItem: JsonObject;
  routes: CompiledRoute[];
}

type RouteSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'template'; pattern: RegExp; names: string[]; whole: boolean };

interface CompiledRoute {
  segments: RouteSegment[];
  /** Set for a route of the path item's `x-path-aliases`: the alias template it was compiled from. */
  alias?: string;
}

/** Paths whose match is kept; past this many, the memo starts again (memory stays bounded). */
const maxRecentMatches = 10_000;

/** Why a request matched no operation, so the message can say what is near. */
export type MatchMiss =
  | { reason: 'no-path' }
  | { reason: 'method'; service: string; pathTemplate: string; allowed: string[] }
  | { reason: 'trailing-slash'; service: string; pathTemplate: string; method: string };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileSegment(segment: string): RouteSegment {
  // Literal text and parameter names alternate: `a{b}c` → ['a', 'b', 'c'].
  const parts = segment.split(/\{([^}]+)\}/);
  if (parts.length === 1) return { kind: 'literal', text: segment };
  const source = parts.map((part, at) => (at % 2 === 1 ? '(.+?)' : escapeRegExp(part))).join('');
  const names = parts.filter((_, at) => at % 2 === 1);
  return { kind: 'template', pattern: new RegExp(`^${source}$`), names, whole: /^\{[^}]+\}$/.test(segment) };
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
    // A leading variable (or host) stands for scheme and authority: the path starts at the first `/` outside
    // braces.
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

interface RouteHit {
  operation: IndexedOperation;
  /** A digit per segment, lower more specific: literal 0, partly templated 1, wholly templated 2. */
  rank: string;
  pathParams: Record<string, string>;
  alias?: string;
}

/** `segments` are already percent-decoded, once per request rather than once per route. */
function matchRoute(
  route: CompiledRoute,
  segments: string[],
): { rank: string; pathParams: Record<string, string> } | undefined {
  // Literals first: most routes fail on one, before any template is tried or any object is built.
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i];
    if (expected?.kind === 'literal' && expected.text !== segments[i]) return undefined;
  }
  let rank = '';
  const pathParams: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i] as RouteSegment;
    if (expected.kind === 'literal') {
      rank += '0';
      continue;
    }
    const found = expected.pattern.exec(segments[i] as string);
    if (!found) return undefined;
    for (let at = 0; at < expected.names.length; at++)
      pathParams[expected.names[at] as string] = found[at + 1] ?? '';
    rank += expected.whole ? '2' : '1';
  }
  return { rank, pathParams };
}

/** Every operation of `paths` and of `webhooks` (those have `webhook` set), and the matching of each. */
export type OperationIndex = ReturnType<typeof buildOperationIndex>;

/** An absolute `http(s)` URL or an origin-relative one whose path holds only characters the URL parser leaves
 * alone (no dot segments, nothing to percent-encode): its path is the text as written. */
const plainUrl = /^(?:https?:\/\/[^/?#\\]*)?(\/[A-Za-z0-9\-_~!$&'()*+,;=:@%/]*)?(?:[?#]|$)/;

/** What matching a request or a callback found: the operation, or why there is none. */
type PathFound = { match?: OperationMatch; operation?: IndexedOperation; miss?: MatchMiss };
type WebhookFound = { match?: OperationMatch; operation?: IndexedOperation; miss?: string };

/** A found match, frozen with what it holds, since every verdict that shares it reads it. */
function frozen(found: PathFound): PathFound {
  if (found.match) Object.freeze(Object.freeze(found.match).pathParams);
  if (found.miss?.reason === 'method') Object.freeze(Object.freeze(found.miss).allowed);
  return Object.freeze(found);
}

/** Where the query or fragment of a URL starts (its path ends before), -1 when it has neither. */
function pathEnd(url: string): number {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  if (query < 0) return fragment;
  return fragment < 0 ? query : Math.min(query, fragment);
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

/** Every operation of `paths` (with its compiled routes) and of `webhooks`, in document order. */
function indexOperations(services: Array<{ name: string; document: OpenApiDocument }>): IndexedOperation[] {
  const operations: IndexedOperation[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    for (const { name, document } of services) {
      for (const { key, method, pathItem, operation, pointer } of operationsOf(document, [section])) {
        const upper = method.toUpperCase();
        const webhook = section === 'webhooks';
        operations.push({
          service: name,
          operationId:
            typeof operation.operationId === 'string'
              ? operation.operationId
              : webhook
                ? `webhook ${key}`
                : `${upper} ${key}`,
          method: upper,
          pathTemplate: webhook ? `webhooks/${key}` : key,
          ...(webhook ? { webhook: key } : {}),
          pointer,
          pathItemPointer: pointerOf([section, key]),
          operation,
          pathItem,
          // A webhook is not reached by URL: a callback goes to the address its subscriber chose.
          routes: webhook ? [] : routesOf(document, key, pathItem, operation),
        });
      }
    }
  }
  return operations;
}

/** The routes of an operation, one per server base path; `x-path-aliases` (other spellings the source uses
 * too, numbers `/e911addresses`) follow the documented one and are reported as a warning. */
function routesOf(document: OpenApiDocument, key: string, pathItem: JsonObject, operation: JsonObject) {
  const bases = basePaths(operation.servers, pathItem.servers, document.servers);
  const routes: CompiledRoute[] = bases.map((base) => ({
    segments: splitPath(`${base}${key}`).map(compileSegment),
  }));
  for (const alias of readPathAliases(pathItem).value ?? []) {
    for (const base of bases)
      routes.push({ segments: splitPath(`${base}${alias}`).map(compileSegment), alias });
  }
  return routes;
}

export function buildOperationIndex(services: Array<{ name: string; document: OpenApiDocument }>) {
  const operations = indexOperations(services);
  // Routes by segment count: a request is only ever compared with routes of its own length.
  const routesByLength = new Map<number, Array<{ operation: IndexedOperation; route: CompiledRoute }>>();
  for (const operation of operations) {
    for (const route of operation.routes) {
      const bucket = routesByLength.get(route.segments.length) ?? [];
      bucket.push({ operation, route });
      routesByLength.set(route.segments.length, bucket);
    }
  }

  function hitsFor(path: string, service: string | undefined): RouteHit[] {
    const raw = splitPath(path);
    const candidates = routesByLength.get(raw.length);
    if (candidates === undefined) return [];
    const segments = raw.map(safeDecode);
    const hits: RouteHit[] = [];
    for (const { operation, route } of candidates) {
      if (service !== undefined && operation.service !== service) continue;
      const hit = matchRoute(route, segments);
      if (hit) hits.push({ operation, ...hit, ...(route.alias !== undefined ? { alias: route.alias } : {}) });
    }
    // Routes of one length have ranks of one length. A stable sort keeps config order (then spec order)
    // between equally specific routes.
    return hits.length > 1 ? hits.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0)) : hits;
  }

  // Traffic repeats its URLs (lists, polling, the same resource): each answer is kept, frozen because every
  // verdict that shares it reads it.
  const byAddress = scopedMemo<PathFound>(maxRecentMatches);

  return {
    operations,
    /** The webhook a recorded callback names (`<name>` or `<service>/<name>`, the entry's `_webhook`), or why none. */
    matchWebhook: (name: string, method: string, opts: { service?: string } = {}): WebhookFound =>
      findWebhook(operations, name, method, opts.service),
    match(method: string, url: string, opts: { service?: string } = {}): PathFound {
      const end = pathEnd(url);
      const address = end < 0 ? url : url.slice(0, end);
      // An address with user info is not kept: its text may hold a credential.
      if (address.includes('@')) return matchUrl(method, address, opts.service);
      // Looked up and kept in two steps: a closure per entry would cost more than the lookup.
      const { service } = opts;
      return (
        byAddress.known(service, method, address) ??
        byAddress.remember(service, method, address, matchUrl(method, address, service))
      );
    },
  };

  function matchUrl(method: string, url: string, service: string | undefined): PathFound {
    return frozen(matchPath(method.toUpperCase(), urlPath(url), service));
  }

  function matchPath(upper: string, path: string, service: string | undefined): PathFound {
    const hits = hitsFor(path, service);
    const hit = hits.find((candidate) => candidate.operation.method === upper);
    if (hit) {
      const { operation } = hit;
      return { operation, match: matchOf(operation, upper, hit.pathParams, hit.alias) };
    }
    const first = hits[0];
    if (first) {
      const allowed = hits
        .filter((candidate) => candidate.operation.pathTemplate === first.operation.pathTemplate)
        .map((candidate) => candidate.operation.method);
      return {
        miss: {
          reason: 'method',
          service: first.operation.service,
          pathTemplate: first.operation.pathTemplate,
          allowed,
        },
      };
    }
    // The contract is strict about trailing slashes (voice create is `/calls/`, modify is `/calls/{callId}`);
    // say so when the other form would have matched.
    const toggled = path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`;
    const near = hitsFor(toggled, service).find((candidate) => candidate.operation.method === upper);
    if (near) {
      return {
        miss: {
          reason: 'trailing-slash',
          service: near.operation.service,
          pathTemplate: near.operation.pathTemplate,
          method: upper,
        },
      };
    }
    return { miss: { reason: 'no-path' } };
  }
}

function findWebhook(
  operations: IndexedOperation[],
  name: string,
  method: string,
  scope: string | undefined,
): WebhookFound {
  const upper = method.toUpperCase();
  const slash = name.indexOf('/');
  const service = slash >= 0 ? name.slice(0, slash) : scope;
  const webhook = slash >= 0 ? name.slice(slash + 1) : name;
  const named = operations.filter(
    (candidate) => candidate.webhook === webhook && (service === undefined || candidate.service === service),
  );
  if (named.length === 0) {
    const known = operations
      .filter((candidate) => candidate.webhook !== undefined)
      .map((candidate) => `${candidate.service}/${candidate.webhook}`);
    return {
      miss: `no webhook ${printableName(name)} in the contract (webhooks: ${[...new Set(known)].join(', ') || 'none'})`,
    };
  }
  const services = [...new Set(named.map((candidate) => candidate.service))];
  if (services.length > 1) {
    return {
      miss: `webhook ${printableName(name)} is documented by ${services.join(', ')}: name it <service>/${webhook}`,
    };
  }
  // A webhook whose method the source does not show (`x-method-open`) takes a delivery of any method.
  const operation =
    named.find((candidate) => candidate.method === upper) ??
    (named.length === 1 && isMethodOpen(named[0]?.operation) ? named[0] : undefined);
  if (!operation) {
    return {
      miss: `${upper} is not documented for webhook ${services[0]}/${webhook} (it documents ${named.map((candidate) => candidate.method).join(', ')})`,
    };
  }
  return { operation, match: matchOf(operation, upper, {}) };
}

function matchOf(
  operation: IndexedOperation,
  method: string,
  pathParams: Record<string, string>,
  pathAlias?: string,
): OperationMatch {
  return {
    service: operation.service,
    operationId: operation.operationId,
    method,
    pathTemplate: operation.pathTemplate,
    pathParams,
    ...(pathAlias !== undefined ? { pathAlias } : {}),
  };
}
