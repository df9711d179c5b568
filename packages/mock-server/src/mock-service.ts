import { type ContractSet, type OperationMatch, responseKeyFor } from '@svc-contracts/contract-checker';
import { type Refusal, readOperationRefusals, refusalFor } from '@svc-contracts/contract-model';
import {
  challenge,
  documentsStatus,
  errorResponse,
  type MockResponse,
  mockRefusal,
  noteChosenStatus,
  operationOf,
  problemResponse,
  refusalAnswer,
  requirementsOf,
  type Violation,
  validationStatus,
} from '@svc-contracts/error-answers';
import {
  countOperations,
  deref,
  isJsonMediaType,
  isObject,
  isXmlMediaType,
  type JsonObject,
  type OpenApiDocument,
  operationsOf,
} from '@svc-contracts/openapi-utils';
import { CampaignScenario, type Scenario } from './campaign-scenario.js';
import { fitAnswer } from './fitted-answer.js';
import {
  isCheckFailure,
  type JsonCheckWorker,
  offThreadMinBytes,
  type RequestCheck,
} from './json-check-worker.js';
import { PreferError, type Preferences, parsePrefer, unknownExample } from './prefer.js';
import { prismDocument, xmlOnlyResponses } from './prism-document.js';
import { createPrismEngine, type PrismEngine } from './prism-engine.js';
import { type MockRequest, mayBeJson, toRecordedRequest } from './request.js';
import type { BundledService } from './services.js';
import { CallerPolicy } from './status-policy.js';

export interface MockServiceOptions {
  /** Generate bodies from the schemas instead of serving the examples (Prism's dynamic mode). */
  dynamic: boolean;
  /** Pause/resume/progress keep campaign state (see `CampaignScenario`). */
  stateful: boolean;
  /** Prism's own log on stderr. */
  verbose?: boolean;
}

/** The operation the checker matched, in the mock's own bundle of the spec. */
interface Route {
  match: OperationMatch;
  operation: JsonObject;
}

/** One service's mock: the contract checker decides whether a request breaks the contract (and which
 * operation it is for), then Prism answers, then the optional stateful scenario. */
export class MockService {
  /** `x-roles` (see `CallerPolicy`). */
  private readonly callers: CallerPolicy;

  private constructor(
    readonly name: string,
    private readonly spec: OpenApiDocument,
    private readonly contracts: ContractSet,
    private readonly prism: PrismEngine,
    private readonly scenario: Scenario | undefined,
    private readonly options: MockServiceOptions,
    private readonly jsonChecks: JsonCheckWorker | undefined,
  ) {
    this.callers = new CallerPolicy();
  }

  /** `jsonChecks`: where large JSON bodies are checked off the serving thread; without it, inline. */
  static async create(
    bundled: BundledService,
    contracts: ContractSet,
    options: MockServiceOptions,
    jsonChecks?: JsonCheckWorker,
  ): Promise<MockService> {
    const { spec, source } = bundled;
    const prism = await createPrismEngine(prismDocument(spec), { verbose: options.verbose ?? false });
    const scenario = options.stateful ? CampaignScenario.for(spec) : undefined;
    return new MockService(source.name, spec, contracts, prism, scenario, options, jsonChecks);
  }

  async respond(request: MockRequest): Promise<MockResponse> {
    let preferences: Preferences;
    try {
      preferences = parsePrefer(request.headers.prefer);
    } catch (error) {
      if (error instanceof PreferError) return problemResponse(400, error.message);
      throw error;
    }
    if (request.bodyLimit !== undefined) {
      const refused = this.refuseBody(request, `${request.bodyLimit}, ${limitNote}`);
      if (refused) return refused;
    }
    let checked: RequestCheck | undefined;
    const { body } = request;
    if (
      this.jsonChecks &&
      body !== undefined &&
      body.length >= offThreadMinBytes &&
      mayBeJson(request.headers['content-type'])
    ) {
      const outcome = await this.jsonChecks.check(toRecordedRequest(request), this.name);
      if (!isCheckFailure(outcome)) checked = outcome;
      else {
        const refused = this.refuseBody(request, `${outcome.reason}, ${limitNote}`);
        if (refused) return refused;
      }
    }
    // A body no operation takes plays no part in the answer: checked here without parsing it.
    checked ??= await this.contracts.checkRequest(toRecordedRequest(request), { service: this.name });
    if (!checked.match) {
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        return { status: 204, headers: {}, body: undefined };
      }
      return this.answer(request, undefined, preferences, checked.violations);
    }
    const route = { match: checked.match, operation: this.operationOf(checked.match) };
    const violations = checked.violations.filter((violation) => violation.side === 'request');
    // Remembers API keys even from refused requests; answers only for a request the contract accepts.
    const caller = this.callers.check(route.operation, request.headers);
    if (violations.length > 0) return refusalAnswer(this.spec, this.name, route.operation, violations);
    if (caller) {
      const headers = caller.status === 401 ? this.challenge(route.operation) : {};
      return errorResponse(this.spec, route.operation, caller.status, [caller.violation], headers);
    }
    // `x-refusals` (numbers rule 4): a request the source says is refused gets the refusal's documented
    // answer (the Tn error example, ErrorCode 400), whatever status the caller preferred.
    const refusal = refusalOf(route.operation, request.body);
    if (refusal !== undefined) {
      const { example: _example, ...rest } = preferences;
      return this.answer(request, route, { ...rest, code: refusal.status }, []);
    }
    return this.answer(request, route, preferences, []);
  }

  /** A refusal before the request could be checked, in this service's error shape (see `mockRefusal`). */
  refuse(status: number, rule: string, reason: string): MockResponse {
    return mockRefusal(this.spec, status, rule, reason);
  }

  /** A body past the mock's JSON limits (`JsonBudget`), read and dropped unparsed, or one whose check off the
   * serving thread failed (time budget, thread died): the operation's validation status, in its error shape,
   * saying that the limit is the mock's. */
  private refuseBody(request: MockRequest, reason: string): MockResponse | undefined {
    const match = this.contracts.match(request.method, `http://mock.invalid${request.url}`, {
      service: this.name,
    });
    if (!match) return undefined;
    const operation = this.operationOf(match);
    const status = validationStatus(this.spec, operation);
    const message = `The body was not checked: ${reason}.`;
    const violations = [{ rule: 'request-body-limit', message, side: 'request' as const }];
    const explained = noteChosenStatus(this.spec, operation, status, violations);
    return errorResponse(this.spec, operation, status, explained);
  }

  private operationOf(match: OperationMatch): JsonObject {
    return operationOf(this.spec, match);
  }

  private challenge(operation: JsonObject): Record<string, string> {
    return challenge(this.spec, this.name, operation);
  }

  private async answer(
    request: MockRequest,
    route: Route | undefined,
    preferences: Preferences,
    /** The checker's findings for a request no operation matches (`undocumented-operation`). */
    unmatched: Violation[],
  ): Promise<MockResponse> {
    const xmlOnly = route ? xmlOnlyResponses(this.spec, route.operation) : false;
    const mock = {
      // Prism generates `<xml>` documents that ignore the schema: XML answers are always the examples.
      dynamic: xmlOnly ? false : (preferences.dynamic ?? this.options.dynamic),
      ...(preferences.code !== undefined && { code: preferences.code }),
      ...(preferences.example !== undefined && { exampleKey: preferences.example }),
      ...(preferences.seed !== undefined && { seed: preferences.seed }),
    };
    const unknown = route && unknownExample(this.spec, route.operation, preferences);
    if (unknown) return problemResponse(400, unknown);
    // Parsed once: Prism validates it, and `x-echoes` copies from it into the answer.
    const sent = prismBody(request);
    const result = await this.prism.request(
      {
        method: request.method.toLowerCase() as 'get',
        url: { path: documentedPath(request.path, route?.match), query: queryRecord(request.query) },
        headers: request.headers,
        body: sent,
      },
      mock,
    );
    if (!route) {
      // An unknown path or method: the service's own 404/405 body when `x-error-schemas` names one (voice
      // documents "Not Found" and "Method Not Allowed"), else Prism's problem+json.
      const status = !result.ok && result.status === 405 ? 405 : 404;
      const detail = result.ok ? (unmatched[0]?.message ?? 'Not Found') : result.detail;
      const violation = { rule: 'undocumented-operation', message: detail, side: 'request' as const };
      return errorResponse(this.spec, undefined, status, [violation], result.ok ? {} : result.headers);
    }
    if (!result.ok) return problemResponse(result.status, result.detail, [], result.headers);
    let body = result.body;
    const succeeded = result.status >= 200 && result.status < 300;
    if (this.scenario && succeeded && preferences.code === undefined) {
      const outcome = this.scenario.apply(route.match, body);
      if (outcome?.kind === 'refuse') {
        return errorResponse(this.spec, route.operation, outcome.status, outcome.violations);
      }
      if (outcome?.kind === 'answer') body = outcome.body;
    }
    body = fitted(this.spec, route.operation, result.status, request, sent, body);
    const headers = lowerCaseKeys(result.headers);
    if (result.status === 401 && !documentsStatus(route.operation, 401)) {
      Object.assign(headers, this.challenge(route.operation));
    }
    return { status: result.status, headers, body: serialize(body, headers['content-type']) };
  }

  /** The operations served, with the credentials each takes, for the start-up listing. */
  /** Operations under `paths` (the ones served) and webhooks: the count the docs print too. */
  counts(): { operations: number; webhooks: number } {
    return countOperations(this.spec);
  }

  describe(): Array<{ method: string; path: string; credentials: string }> {
    return [...operationsOf(this.spec, ['paths'])].map(({ key, method, operation }) => ({
      method: method.toUpperCase(),
      path: key,
      credentials: requirementsOf(this.spec, operation)
        .map((names) => names.join(' + ') || 'none')
        .join(' | '),
    }));
  }
}

const limitNote = "the mock's limit of the work a request body may cost (the source states no such limit)";

function queryRecord(query: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    record[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return record;
}

/** The answer made to keep what its response says of the request, as the service's would: the contract
 * checker's `fitAnswer` (`x-echoes`, `x-filters`) on the Response Object of the status served. */
function fitted(
  spec: OpenApiDocument,
  operation: JsonObject,
  status: number,
  request: MockRequest,
  sent: unknown,
  body: unknown,
): unknown {
  const key = responseKeyFor(operation.responses, status);
  if (key === undefined || !isObject(operation.responses)) return body;
  const response = deref(spec, operation.responses[key]);
  return isObject(response) ? fitAnswer(response, sent, request.url, body) : body;
}

/** JSON bodies go to Prism parsed (it validates objects); any other body as text, as prism-http-server does. */
function prismBody(request: MockRequest): unknown {
  if (request.body === undefined || request.body === '') return undefined;
  const contentType = request.headers['content-type'];
  if (contentType && isJsonMediaType(contentType)) {
    try {
      return JSON.parse(request.body);
    } catch {
      return request.body;
    }
  }
  return request.body;
}

function serialize(body: unknown, contentType: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  if (
    typeof body === 'string' &&
    (!contentType || !isJsonMediaType(contentType) || isXmlMediaType(contentType))
  ) {
    return body;
  }
  return JSON.stringify(body);
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== null) out[name.toLowerCase()] = String(value);
  return out;
}

/** The path as the spec spells it. */
function documentedPath(path: string, match: OperationMatch | undefined): string {
  if (!match?.pathAlias) return path;
  // The documented template filled with the values the alias matched, after whatever the URL carries
  // before the alias (a server base path). The spellings may differ in length (`/calls` and `/calls/`).
  const sent = path.split('/');
  const prefix = sent.slice(0, Math.max(0, sent.length - match.pathAlias.split('/').length)).join('/');
  const filled = match.pathTemplate.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = match.pathParams[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
  return `${prefix}${filled}`;
}

/** The `x-refusals` entry (`@svc-contracts/contract-model`, its one reader) a request is one of, if any. */
function refusalOf(operation: JsonObject, body: string | undefined): Refusal | undefined {
  const refusals = readOperationRefusals(operation).value;
  return refusals === undefined ? undefined : refusalFor(refusals, body);
}
