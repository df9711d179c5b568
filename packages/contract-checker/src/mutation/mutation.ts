import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { fieldsCoercion, scalarCoercion } from '../bodies/coerce.js';
import type { BodyShape, ContractSet } from '../contract/contract-set.js';
import type { RecordedRequest, RecordedResponse, Side } from '../core/types.js';
import { decodeFormComponent, parseFormEncoded, rawQueryOf } from '../parameters/request-parts.js';
import { type BodyMutation, jsonMutations, type MutationKind } from './json-mutations.js';
import { readXsdFacts, type XsdFacts, xmlMutations } from './xml-mutations.js';

export interface Mutant {
  side: Side;
  kind: MutationKind;
  /** Readable: `request body /to/0: break pattern`, `query limit: above maximum 100`. */
  description: string;
  request: RecordedRequest;
  response: RecordedResponse;
}

const xsdFacts = new Map<string, Promise<XsdFacts>>();

/** Serialises a mutated body the way its media type is written. */
function serialise(shape: BodyShape, value: unknown): string {
  if (shape.kind === 'form' && typeof value === 'object' && value !== null) {
    const params = new URLSearchParams();
    for (const [name, field] of Object.entries(value)) {
      for (const item of Array.isArray(field) ? field : [field])
        params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
    return params.toString();
  }
  return JSON.stringify(value);
}

async function bodyMutants(doc: OpenApiDocument, shape: BodyShape, body: string): Promise<BodyMutation[]> {
  if (shape.kind === 'xml') {
    const facts = xsdFacts.get(shape.xsdPath) ?? readXsdFacts(shape.xsdPath);
    xsdFacts.set(shape.xsdPath, facts);
    return xmlMutations(body, await facts);
  }
  let value: unknown;
  try {
    value =
      shape.kind === 'form' ? fieldsCoercion(doc, shape.schema)(parseFormEncoded(body)) : JSON.parse(body);
  } catch {
    return [];
  }
  return jsonMutations(doc, shape.schema, value).map(({ kind, description, value: mutated }) => ({
    kind,
    description,
    body: serialise(shape, mutated),
  }));
}

function replaceQuery(url: string, name: string, text: string): string {
  const raw = rawQueryOf(url);
  const at = url.indexOf('?');
  const query = raw
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      // Names read as the query was parsed (parseFormEncoded), so the parameter found is the one replaced.
      return decodeFormComponent(rawName) === name ? `${rawName}=${encodeURIComponent(text)}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}${url.slice(at + 1 + raw.length)}`;
}

/** Mutants of a passing exchange that the contract must reject: of the request's body and query (when it
 * conformed), of the response's body. */
export async function generateMutants(
  exchange: { request: RecordedRequest; response: RecordedResponse },
  contracts: ContractSet,
  opts: { service?: string | undefined; mutateRequest?: boolean } = {},
): Promise<Mutant[]> {
  const { request, response } = exchange;
  const shapes = contracts.describeExchange(request, response, opts);
  if (!shapes) return [];
  const doc = shapes.document;
  const mutants: Mutant[] = [];
  const add = (side: Side, kind: MutationKind, description: string, changed: Partial<Mutant>) =>
    mutants.push({ side, kind, description, request, response, ...changed });
  if (opts.mutateRequest !== false) {
    if (shapes.request && request.body) {
      for (const { kind, description, body } of await bodyMutants(doc, shapes.request, request.body)) {
        add('request', kind, `request body ${description}`, { request: { ...request, body } });
      }
    }
    const query = parseFormEncoded(rawQueryOf(request.url));
    for (const parameter of shapes.query) {
      const text = query.get(parameter.name)?.[0];
      if (text === undefined) continue;
      let value: unknown;
      try {
        value = parameter.json ? JSON.parse(text) : scalarCoercion(doc, parameter.schema)(text);
      } catch {
        continue;
      }
      if (!parameter.json && typeof value === 'object') continue;
      for (const mutation of jsonMutations(doc, parameter.schema, value, 20)) {
        // Every query value is text: a string parameter's "type change" (`12345`) is still a valid string.
        if (!parameter.json && mutation.kind === 'change-type' && typeof value === 'string') continue;
        // A query string has no types: a "type change" to a string is still the text `mutant`.
        const mutatedText = parameter.json ? JSON.stringify(mutation.value) : String(mutation.value);
        if (mutatedText === text) continue;
        const url = replaceQuery(request.url, parameter.name, mutatedText);
        const description = `query ${parameter.name} ${mutation.description}`;
        add('request', mutation.kind, description, { request: { ...request, url } });
      }
    }
  }
  if (shapes.response && response.body) {
    for (const { kind, description, body } of await bodyMutants(doc, shapes.response, response.body)) {
      add('response', kind, `response body ${description}`, { response: { ...response, body } });
    }
  }
  return mutants;
}

export interface ServiceMutationScore {
  service: string;
  mutants: number;
  killed: number;
  /** killed / mutants, 0..1; 1 when there were no mutants. */
  score: number;
  byKind: Partial<Record<MutationKind, { mutants: number; killed: number }>>;
  /** Mutants the checker accepted: each is a gap in the contract or in the checker. */
  survivors: Array<{ file?: string; entry?: number; operationId: string; description: string }>;
}

export interface MutationReport {
  mutants: number;
  killed: number;
  score: number;
  services: ServiceMutationScore[];
  /** Entries the checker could not mutate or whose mutants it could not check: named, and the run exits 2. */
  notMutated?: Array<{ file?: string; entry?: number; reason: string }>;
}

/** Runs every mutant of every given passing exchange through the checker and counts the rejected ones. */
export async function scoreMutants(
  exchanges: Array<{
    request: RecordedRequest;
    response: RecordedResponse;
    requestConforms: boolean;
    file?: string;
    entry?: number;
  }>,
  contracts: ContractSet,
  opts: { service?: string | undefined } = {},
): Promise<MutationReport> {
  const services = new Map<string, ServiceMutationScore>();
  const notMutated: NonNullable<MutationReport['notMutated']> = [];
  const placeOf = (exchange: (typeof exchanges)[number]) => ({
    ...(exchange.file === undefined ? {} : { file: exchange.file }),
    ...(exchange.entry === undefined ? {} : { entry: exchange.entry }),
  });
  const failed = (exchange: (typeof exchanges)[number], error: unknown): void => {
    if (notMutated.some((known) => known.file === exchange.file && known.entry === exchange.entry)) return;
    notMutated.push({ ...placeOf(exchange), reason: error instanceof Error ? error.message : String(error) });
  };
  for (const exchange of exchanges) {
    // A request mutant tests detection only when the request conformed and was accepted (not refused by a 4xx).
    const accepted = exchange.response.status >= 200 && exchange.response.status <= 299;
    let mutants: Mutant[];
    try {
      const mutateRequest = exchange.requestConforms && accepted;
      mutants = await generateMutants(exchange, contracts, { ...opts, mutateRequest });
    } catch (error) {
      // One entry the checker cannot mutate costs that entry only, named.
      failed(exchange, error);
      continue;
    }
    const match = contracts.match(exchange.request.method, exchange.request.url, opts);
    if (!match) continue;
    const score = services.get(match.service) ?? {
      service: match.service,
      mutants: 0,
      killed: 0,
      score: 1,
      byKind: {},
      survivors: [],
    };
    services.set(match.service, score);
    for (const mutant of mutants) {
      let verdict: Awaited<ReturnType<ContractSet['checkExchange']>>;
      try {
        verdict = await contracts.checkExchange(mutant.request, mutant.response, opts);
      } catch (error) {
        failed(exchange, error);
        continue;
      }
      const kind = score.byKind[mutant.kind] ?? { mutants: 0, killed: 0 };
      score.byKind[mutant.kind] = kind;
      score.mutants++;
      kind.mutants++;
      if (verdict.verdict === 'violation') {
        score.killed++;
        kind.killed++;
      } else {
        const { operationId } = match;
        score.survivors.push({ ...placeOf(exchange), operationId, description: mutant.description });
      }
    }
  }
  const ratio = (of: { killed: number; mutants: number }) => (of.mutants === 0 ? 1 : of.killed / of.mutants);
  const list = [...services.values()].map((score) => ({ ...score, score: ratio(score) }));
  const mutants = list.reduce((sum, score) => sum + score.mutants, 0);
  const killed = list.reduce((sum, score) => sum + score.killed, 0);
  const report = { mutants, killed, score: ratio({ killed, mutants }), services: list };
  return notMutated.length > 0 ? { ...report, notMutated } : report;
}
