import { isBodyOpen, readSource } from '@svc-contracts/contract-model';
import {
  derefWithPointer,
  escapePointer,
  findMediaType,
  isJsonMediaType,
  isObject,
  jsonTypeOf,
  pointerOf,
  resolvePointer,
  responseKeyOf,
} from '@svc-contracts/openapi-utils';
import { admits, isAnySchema, type SchemaPlan, SchemaPlans } from './open-points.js';

/** The operation an entry matched (the checker's `OperationMatch`); webhooks have no path and are left out. */
export interface JudgedMatch {
  service: string;
  method: string;
  pathTemplate?: string;
}

/** The response of a judged entry (the checker's `RecordedResponse`). */
export interface JudgedResponse {
  status: number;
  headers: ReadonlyArray<{ name: string; value: string }>;
  body?: string;
}

/** At most this many distinct values or members are kept per location; bodies above `maxBody` are not read. */
export const keptValues = 64;
const maxBody = 8 * 1024 * 1024;

interface Seen {
  entries: number;
  last: number;
  sources: Set<string>;
}
export type ValueTally = Seen & {
  kind: 'values';
  open: 'values' | 'format';
  nullable: boolean;
  strings: number;
  nulls: number;
  other: number;
  values: Map<string, number>;
  /** More than {@link keptValues} distinct values were seen. */
  overflow: boolean;
  formats: Map<string, number>;
};
export type PresenceTally = Seen & {
  kind: 'presence';
  objects: number;
  present: Map<string, number>;
  nonNull: Map<string, number>;
  plan: NonNullable<SchemaPlan['presence']>;
};
export type BodyTally = Seen & {
  kind: 'body';
  /** The status seen; `range`: the contract covers it only by `4XX` or `default`. */
  code: string;
  range: boolean;
  responseAt: string;
  mediaKey: string;
  bodies: number;
  types: Map<string, number>;
  members: Map<string, { count: number; types: Set<string> }>;
  example?: unknown;
  /** The position of the entry the example is from: shards merged keep the earliest, as one run does. */
  exampleAt?: number;
};
export type Tally = ValueTally | PresenceTally | BodyTally;

type Where = Pick<BodyTally, 'code' | 'range' | 'responseAt' | 'mediaKey'>;
/** What an operation, status and media type lead to: a schema to walk, an open body, or nothing. */
interface Route {
  found: boolean;
  source: string;
  plan?: SchemaPlan;
  body?: { at: string; where: Where };
}

/** Formats a value may be shown to match, most specific first. */
export const formatTests: ReadonlyArray<[string, RegExp]> = [
  ['uuid', /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i],
  ['date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/i],
  ['date', /^\d{4}-\d\d-\d\d$/],
  ['e164', /^\+[1-9]\d{1,14}$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['uri', /^[a-z][a-z\d+.-]*:\/\/\S+$/i],
];

/** Counts what judged traffic shows at every open point of the contracts: counts, never entries. */
export class Tallies {
  /** By `<service> <JSON Pointer>`. */
  readonly byAt = new Map<string, Tally>();
  judged = 0;
  private readonly plans = new Map<string, SchemaPlans>();
  private readonly routes = new Map<string, Route>();
  private service = '';
  constructor(readonly documents: ReadonlyMap<string, unknown>) {}

  observe(match: JudgedMatch, response: JudgedResponse, position = this.judged): void {
    const contentType = response.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
    // Routed once per operation, status and media type: most entries repeat a few of them.
    const key = `${match.service} ${match.method} ${match.pathTemplate} ${response.status} ${contentType}`;
    let route = this.routes.get(key);
    if (!route) {
      route = this.route(match, response.status, contentType);
      if (this.routes.size >= 4096) this.routes.clear();
      this.routes.set(key, route);
    }
    if (!route.found) return;
    this.judged++;
    this.service = match.service;
    const { body } = response;
    if ((!route.plan && !route.body) || !body || body.length > maxBody) return;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return;
    }
    if (route.body)
      this.body(route.body.at, route.source, value, body.length <= 4096 ? position : -1, route.body.where);
    else if (route.plan) this.walk(route.plan, value, route.source, 0);
  }

  private route(match: JudgedMatch, status: number, contentType: string | undefined): Route {
    const document = this.documents.get(match.service);
    if (document === undefined || match.pathTemplate === undefined) return { found: false, source: '' };
    const opAt = pointerOf(['paths', match.pathTemplate, match.method.toLowerCase()]);
    const operation = resolvePointer(document, opAt);
    if (!isObject(operation) || !isObject(operation.responses)) return { found: false, source: '' };
    const route: Route = { found: true, source: readSource(operation).value ?? '-' };
    const key = responseKeyOf(operation.responses, status);
    if (key === undefined) return route;
    const keyAt = `${opAt}/responses/${escapePointer(key)}`;
    const response = derefWithPointer(document, operation.responses[key], keyAt);
    const { pointer: responseAt, node: resolved } = response;
    const media = isObject(resolved) ? findMediaType(resolved.content, contentType) : undefined;
    if (!media || !isJsonMediaType(media.actual)) return route;
    const schemaAt = `${responseAt}/content/${escapePointer(media.key)}/schema`;
    const schema = isObject(media.media) ? media.media.schema : undefined;
    if (isBodyOpen(resolved) && isAnySchema(document, schema)) {
      const code = String(status);
      const range = key !== code;
      const at = range ? `${opAt}/responses/${code}` : schemaAt;
      return { ...route, body: { at, where: { code, range, mediaKey: media.key, responseAt } } };
    }
    const plans = this.plans.get(match.service) ?? new SchemaPlans(document);
    this.plans.set(match.service, plans);
    const plan = plans.plan(schemaAt);
    return plan.useful ? { ...route, plan } : route;
  }

  private seen<T extends Tally>(at: string, source: string, make: () => Omit<T, keyof Seen>): T {
    const key = `${this.service} ${at}`;
    const tally = (this.byAt.get(key) ?? { ...make(), entries: 0, last: -1, sources: new Set() }) as T;
    this.byAt.set(key, tally);
    if (tally.last !== this.judged) {
      tally.last = this.judged;
      tally.entries++;
      if (tally.sources.size < 16) tally.sources.add(source);
    }
    return tally;
  }

  private walk(plan: SchemaPlan, value: unknown, source: string, depth: number): void {
    if (depth > 64) return;
    if (plan.open) this.value(plan, value, source);
    const type = jsonTypeOf(value);
    for (const branch of plan.branches) if (admits(branch, type)) this.walk(branch, value, source, depth + 1);
    if (isObject(value)) {
      if (plan.presence) this.presence(plan.at, plan.presence, value, source);
      for (const [name, child] of plan.props)
        if (value[name] !== undefined) this.walk(child, value[name], source, depth + 1);
    } else if (Array.isArray(value) && plan.items) {
      for (const item of value) this.walk(plan.items, item, source, depth + 1);
    }
  }

  private value(plan: SchemaPlan, value: unknown, source: string): void {
    const open = { kind: 'values', open: plan.open ?? 'format', nullable: plan.nullable } as const;
    const counts = () => ({ strings: 0, nulls: 0, other: 0, values: new Map(), formats: new Map() });
    const t = this.seen<ValueTally>(plan.at, source, () => ({ ...open, ...counts(), overflow: false }));
    if (value === null) t.nulls++;
    else if (typeof value !== 'string') t.other++;
    else {
      t.strings++;
      if (t.values.has(value) || t.values.size < keptValues) bump(t.values, value);
      else t.overflow = true;
      for (const [name, test] of formatTests) if (test.test(value)) bump(t.formats, name);
    }
  }

  private presence(at: string, plan: PresenceTally['plan'], value: Record<string, unknown>, source: string) {
    const empty = () =>
      ({ kind: 'presence', objects: 0, present: new Map(), nonNull: new Map(), plan }) as const;
    const t = this.seen<PresenceTally>(at, source, empty);
    t.objects++;
    for (const name of plan.members) if (value[name] !== undefined) bump(t.present, name);
    for (const name of plan.nullOpen) {
      if (value[name] !== undefined && !plan.members.includes(name)) bump(t.present, name);
      if (value[name] !== undefined && value[name] !== null) bump(t.nonNull, name);
    }
  }

  private body(at: string, source: string, value: unknown, position: number, where: Where): void {
    const empty = () =>
      ({ kind: 'body', ...where, bodies: 0, types: new Map(), members: new Map() }) as const;
    const t = this.seen<BodyTally>(at, source, empty);
    t.bodies++;
    bump(t.types, jsonTypeOf(value));
    // One small example per location, masked when it is shown.
    if (t.example === undefined && position >= 0) Object.assign(t, { example: value, exampleAt: position });
    if (!isObject(value)) return;
    for (const [name, member] of Object.entries(value)) {
      const seen = t.members.get(name) ?? { count: 0, types: new Set<string>() };
      if (seen.count === 0 && t.members.size >= keptValues) continue;
      t.members.set(name, seen);
      seen.count++;
      if (seen.types.size < 8) seen.types.add(jsonTypeOf(member));
    }
  }
}

function bump(counts: Map<string, number>, name: string): void {
  counts.set(name, (counts.get(name) ?? 0) + 1);
}
