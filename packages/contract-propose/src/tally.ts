import { isBodyOpen, readSource } from '@svc-contracts/contract-model';
import {
  findMediaType,
  isJsonMediaType,
  isObject,
  jsonTypeOf,
  pointerOf,
  resolvePointer,
} from '@svc-contracts/openapi-utils';
import { admits, isAnySchema, type SchemaPlan, SchemaPlans } from './open-points.js';

/** One judged exchange, as the checker hands it: the operation it matched and its response. */
export interface JudgedExchange {
  service: string;
  /** Upper or lower case. */
  method: string;
  /** The path key of the spec; undefined for a webhook (not proposed on: the subscriber answers). */
  pathTemplate?: string;
  status: number;
  responseHeaders: ReadonlyArray<{ name: string; value: string }>;
  responseBody?: string;
}

/** Bounds of what is kept: counts, and at most this many distinct values or members per location. */
export const keptValues = 64;
/** Bodies longer than this are not read for proposals (their verdict is the checker's). */
export const maxProposalBody = 8 * 1024 * 1024;

interface Seen {
  entries: number;
  last: number;
  sources: Set<string>;
}

export interface ValueTally extends Seen {
  kind: 'values';
  open: 'values' | 'format';
  nullable: boolean;
  strings: number;
  nulls: number;
  other: number;
  /** Distinct strings with counts; `overflow` once more than {@link keptValues} were seen. */
  values: Map<string, number>;
  overflow: boolean;
  formats: Map<string, number>;
}

export interface PresenceTally extends Seen {
  kind: 'presence';
  nulls: boolean;
  objects: number;
  present: Map<string, number>;
  nonNull: Map<string, number>;
  required: ReadonlySet<string>;
  nullable: ReadonlySet<string>;
  /** Members whose nullability alone is open (no presence proposal for them). */
  nullOnly: boolean;
}

export interface BodyTally extends Seen {
  kind: 'body';
  /** The status seen. */
  code: string;
  /** The response is a range (`4XX`, `default`): the proposal adds the status, open as the range is. */
  range: boolean;
  responseAt: string;
  mediaKey: string;
  bodies: number;
  types: Map<string, number>;
  members: Map<string, { count: number; types: Set<string> }>;
  example?: unknown;
}

export type Tally = ValueTally | PresenceTally | BodyTally;

/** Formats a value may be shown to match, most specific first. */
export const formatTests: ReadonlyArray<[string, RegExp]> = [
  ['uuid', /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i],
  ['date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/i],
  ['date', /^\d{4}-\d\d-\d\d$/],
  ['e164', /^\+[1-9]\d{1,14}$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['uri', /^[a-z][a-z\d+.-]*:\/\/\S+$/i],
];

/** Counts what judged traffic shows at every open point of the contracts, in constant memory. */
export class Tallies {
  readonly byAt = new Map<string, Tally>();
  judged = 0;
  private readonly plans = new Map<string, SchemaPlans>();
  private seq = 0;
  private service = '';
  constructor(readonly documents: ReadonlyMap<string, unknown>) {}

  observe(exchange: JudgedExchange): void {
    const document = this.documents.get(exchange.service);
    if (document === undefined || exchange.pathTemplate === undefined) return;
    const method = exchange.method.toLowerCase();
    const opAt = pointerOf(['paths', exchange.pathTemplate, method]);
    const operation = resolvePointer(document, opAt);
    if (!isObject(operation) || !isObject(operation.responses)) return;
    this.seq++;
    this.judged++;
    this.service = exchange.service;
    const key = responseKeyOf(operation.responses, exchange.status);
    if (key === undefined) return;
    let responseAt = `${opAt}/responses/${pointerOf([key]).slice(2)}`;
    let response = resolvePointer(document, responseAt);
    for (let hops = 0; isObject(response) && typeof response.$ref === 'string' && hops < 32; hops++) {
      responseAt = response.$ref;
      response = resolvePointer(document, responseAt);
    }
    if (!isObject(response)) return;
    const contentType = exchange.responseHeaders.find((h) => h.name.toLowerCase() === 'content-type')?.value;
    const media = findMediaType(response.content, contentType);
    const body = exchange.responseBody;
    if (!media || !isJsonMediaType(media.actual) || !body || body.length > maxProposalBody) return;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return;
    }
    const source = readSource(operation).value ?? '-';
    const schemaAt = `${responseAt}/content/${pointerOf([media.key]).slice(2)}/schema`;
    const schema = isObject(media.media) ? media.media.schema : undefined;
    if (isBodyOpen(response) && isAnySchema(document, schema)) {
      const range = key !== String(exchange.status);
      this.body(range ? `${opAt}/responses#${exchange.status}` : schemaAt, source, value, body.length, {
        code: String(exchange.status),
        range,
        responseAt: range ? `${opAt}/responses` : responseAt,
        mediaKey: media.key,
      });
      return;
    }
    let plans = this.plans.get(exchange.service);
    if (!plans) {
      plans = new SchemaPlans(document);
      this.plans.set(exchange.service, plans);
    }
    const plan = plans.plan(schemaAt);
    if (plan.useful) this.walk(plan, value, source, 0);
  }

  private seen<T extends Tally>(at: string, source: string, make: () => T): T {
    const key = `${this.service} ${at}`;
    let tally = this.byAt.get(key) as T | undefined;
    if (!tally) {
      tally = make();
      this.byAt.set(key, tally);
    }
    if (tally.last !== this.seq) {
      tally.last = this.seq;
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
      if (plan.presence || plan.nullOpen.size > 0) this.presence(plan, value, source);
      for (const [name, child] of plan.props) {
        const member = value[name];
        if (member !== undefined) this.walk(child, member, source, depth + 1);
      }
    } else if (Array.isArray(value) && plan.items) {
      for (const item of value) this.walk(plan.items, item, source, depth + 1);
    }
  }

  private value(plan: SchemaPlan, value: unknown, source: string): void {
    const tally = this.seen<ValueTally>(plan.at, source, () => ({
      kind: 'values',
      open: plan.open ?? 'format',
      nullable: plan.nullable,
      ...fresh(),
      strings: 0,
      nulls: 0,
      other: 0,
      values: new Map(),
      overflow: false,
      formats: new Map(),
    }));
    if (value === null) tally.nulls++;
    else if (typeof value !== 'string') tally.other++;
    else {
      tally.strings++;
      const count = tally.values.get(value);
      if (count !== undefined) tally.values.set(value, count + 1);
      else if (tally.values.size < keptValues) tally.values.set(value, 1);
      else tally.overflow = true;
      for (const [name, test] of formatTests)
        if (test.test(value)) tally.formats.set(name, (tally.formats.get(name) ?? 0) + 1);
    }
  }

  private presence(plan: SchemaPlan, value: Record<string, unknown>, source: string): void {
    const presence = plan.presence;
    const tally = this.seen<PresenceTally>(plan.at, source, () => ({
      kind: 'presence',
      ...fresh(),
      nulls: presence?.nulls ?? true,
      objects: 0,
      present: new Map(),
      nonNull: new Map(),
      required: presence?.required ?? new Set(),
      nullable: presence ? presence.nullable : plan.nullOpen,
      nullOnly: presence === undefined,
    }));
    tally.objects++;
    for (const name of presence ? presence.members : []) bump(tally.present, name, value[name] !== undefined);
    for (const name of tally.nulls ? tally.nullable : []) {
      if (value[name] === undefined) continue;
      bump(tally.nonNull, name, value[name] !== null);
      if (tally.nullOnly) bump(tally.present, name, true);
    }
  }

  private body(
    at: string,
    source: string,
    value: unknown,
    length: number,
    where: Pick<BodyTally, 'code' | 'range' | 'responseAt' | 'mediaKey'>,
  ): void {
    const tally = this.seen<BodyTally>(at, source, () => ({
      kind: 'body',
      ...fresh(),
      ...where,
      bodies: 0,
      types: new Map(),
      members: new Map(),
    }));
    // One small example per location, masked when it is shown.
    if (tally.example === undefined && length <= 4096) tally.example = value;
    tally.bodies++;
    const type = jsonTypeOf(value);
    tally.types.set(type, (tally.types.get(type) ?? 0) + 1);
    if (!isObject(value)) return;
    for (const [name, member] of Object.entries(value)) {
      let seen = tally.members.get(name);
      if (!seen && tally.members.size >= keptValues) continue;
      if (!seen) {
        seen = { count: 0, types: new Set() };
        tally.members.set(name, seen);
      }
      seen.count++;
      if (seen.types.size < 8) seen.types.add(jsonTypeOf(member));
    }
  }
}

function fresh(): Seen {
  return { entries: 0, last: 0, sources: new Set() };
}

function bump(counts: Map<string, number>, name: string, yes: boolean): void {
  counts.set(name, (counts.get(name) ?? 0) + (yes ? 1 : 0));
}

/** The response key a status selects: the exact status, its range (`4XX`), else `default` (OpenAPI's order). */
export function responseKeyOf(responses: Record<string, unknown>, status: number): string | undefined {
  const keys = Object.keys(responses);
  return (
    keys.find((key) => key === String(status)) ??
    keys.find((key) => key.toUpperCase() === `${Math.floor(status / 100)}XX`) ??
    (keys.includes('default') ? 'default' : undefined)
  );
}
