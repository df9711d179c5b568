import { BuiltinValidator } from './builtin-validator.js';
import { CampaignScenario, type Scenario } from './campaign-scenario.js';
import { analyzeCredentials, describeScheme, requirementsOf, securitySchemes } from './credentials.js';
import { documentsStatus, errorResponse, type MockResponse, problemResponse } from './error-response.js';
import { isJsonMediaType, isXmlMediaType, type OpenApiDocument } from './openapi.js';
import { PreferError, type Preferences, parsePrefer } from './prefer.js';
import { prismDocument, xmlOnlyResponses } from './prism-document.js';
import { createPrismEngine, type PrismEngine } from './prism-engine.js';
import { type MockRequest, toRequestToCheck } from './request.js';
import { type RouteMatch, Router } from './router.js';
import type { BundledService } from './services.js';
import { failureStatus } from './status-policy.js';
import type { RequestValidator, Violation } from './violations.js';
import type { XmlBodyValidator } from './xml-body.js';

export interface MockServiceOptions {
  /** Generate bodies from the schemas instead of serving the examples (Prism's dynamic mode). */
  dynamic: boolean;
  /** Pause/resume/progress keep campaign state (see `CampaignScenario`). */
  stateful: boolean;
  /** Prism's own log on stderr. */
  verbose?: boolean;
  /**
   * Replaces the built-in request checks, for example with `@svc-contracts/contract-checker`'s
   * `ContractSet`. It is then the only request validation: Prism's own is switched off.
   */
  validator?: RequestValidator;
}

/**
 * One service's mock: the front that checks a request the way the contract says, then Prism, then the
 * optional stateful scenario. `respond` is independent of HTTP so it can be tested and benchmarked
 * without a socket.
 */
export class MockService {
  private constructor(
    readonly name: string,
    private readonly spec: OpenApiDocument,
    private readonly router: Router,
    private readonly builtin: BuiltinValidator,
    private readonly prism: PrismEngine,
    private readonly scenario: Scenario | undefined,
    private readonly options: MockServiceOptions,
  ) {}

  static async create(
    bundled: BundledService,
    options: MockServiceOptions,
    xml: XmlBodyValidator,
  ): Promise<MockService> {
    const { spec, source } = bundled;
    const router = new Router(spec);
    const builtin = new BuiltinValidator(spec, router, source.dir, xml);
    // The XSDs compile ahead of the first request, so a broken XSD fails the start, not a request.
    if (!options.validator) await xml.preload(builtin.xsdPaths());
    const prism = await createPrismEngine(prismDocument(spec), {
      validate: !options.validator,
      verbose: options.verbose ?? false,
    });
    const scenario = options.stateful ? CampaignScenario.for(spec, router) : undefined;
    return new MockService(source.name, spec, router, builtin, prism, scenario, options);
  }

  async respond(request: MockRequest): Promise<MockResponse> {
    let preferences: Preferences;
    try {
      preferences = parsePrefer(request.headers.prefer);
    } catch (error) {
      if (error instanceof PreferError) return problemResponse(400, error.message);
      throw error;
    }
    const route = this.router.match(request.method, request.path);
    if (!route && request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return { status: 204, headers: {}, body: undefined };
    }
    if (route) {
      const refused = await this.refuse(request, route, await this.check(request, route));
      if (refused) return refused;
    }
    return this.answer(request, route, preferences);
  }

  private async check(request: MockRequest, route: RouteMatch): Promise<Violation[]> {
    if (this.options.validator) {
      const result = await this.options.validator.checkRequest(toRequestToCheck(request));
      return result.violations.filter((violation) => violation.side !== 'response');
    }
    return this.builtin.check(request, route);
  }

  /** The documented error for a request that breaks the contract, `undefined` when it does not. */
  private async refuse(
    request: MockRequest,
    route: RouteMatch,
    violations: Violation[],
  ): Promise<MockResponse | undefined> {
    if (violations.length === 0) return undefined;
    const credentials = analyzeCredentials(this.spec, route.operation, request);
    const status = failureStatus(this.spec, route.operation, violations, credentials);
    const headers = status === 401 ? this.challenge(route) : {};
    return errorResponse(this.spec, route.operation, status, violations, headers);
  }

  /** `WWW-Authenticate` for a 401, naming the schemes the operation accepts, as Prism does. */
  private challenge(route: RouteMatch): Record<string, string> {
    const schemes = securitySchemes(this.spec);
    const challenges = requirementsOf(this.spec, route.operation)
      .flat()
      .map((name) => schemes[name])
      .filter((scheme) => scheme?.type === 'http')
      .map((scheme) => `${capitalize(String(scheme?.scheme))} realm="${this.name}"`);
    return challenges.length > 0 ? { 'www-authenticate': [...new Set(challenges)].join(', ') } : {};
  }

  private async answer(
    request: MockRequest,
    route: RouteMatch | undefined,
    preferences: Preferences,
  ): Promise<MockResponse> {
    const xmlOnly = route ? xmlOnlyResponses(this.spec, route.operation.node) : false;
    const mock = {
      // Prism generates `<xml>` documents that ignore the schema: XML answers are always the examples.
      dynamic: xmlOnly ? false : (preferences.dynamic ?? this.options.dynamic),
      ...(preferences.code !== undefined && { code: preferences.code }),
      ...(preferences.example !== undefined && { exampleKey: preferences.example }),
      ...(preferences.seed !== undefined && { seed: preferences.seed }),
    };
    const result = await this.prism.request(
      {
        method: request.method.toLowerCase() as 'get',
        url: { path: request.path, query: queryRecord(request.query) },
        headers: request.headers,
        body: prismBody(request),
      },
      mock,
    );
    if (!result.ok) {
      // An unknown path or method: the service's own 404/405 body when `x-error-schemas` names one
      // (voice documents "Not Found" and "Method Not Allowed"), else Prism's problem+json.
      const violation = { rule: 'undocumented-operation', message: result.detail, side: 'request' as const };
      if (!route && (result.status === 404 || result.status === 405)) {
        return errorResponse(this.spec, undefined, result.status, [violation], result.headers);
      }
      return problemResponse(result.status, result.detail, [], result.headers);
    }
    // Prism's own findings (built-in checks only): answered like the front's, never as Prism's 422.
    const refused = route ? await this.refuse(request, route, result.violations) : undefined;
    if (refused) return refused;
    let body = result.body;
    const succeeded = result.status >= 200 && result.status < 300;
    if (route && this.scenario && succeeded && preferences.code === undefined && !result.securityFailed) {
      const outcome = this.scenario.apply(route, body);
      if (outcome?.kind === 'refuse') {
        return errorResponse(this.spec, route.operation, outcome.status, outcome.violations);
      }
      if (outcome?.kind === 'answer') body = outcome.body;
    }
    const headers = lowerCaseKeys(result.headers);
    if (result.status === 401 && route && !documentsStatus(route.operation, 401)) {
      Object.assign(headers, this.challenge(route));
    }
    return { status: result.status, headers, body: serialize(body, headers['content-type']) };
  }

  /** The operations served, for the start-up listing (`--verbose`). */
  describe(): Array<{ method: string; path: string; credentials: string }> {
    const schemes = securitySchemes(this.spec);
    return this.router.operations.map((operation) => ({
      method: operation.method.toUpperCase(),
      path: operation.path,
      credentials: requirementsOf(this.spec, operation)
        .map((names) => names.map((name) => describeScheme(name, schemes[name])).join(' + ') || 'none')
        .join(' | '),
    }));
  }
}

function queryRecord(query: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    record[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return record;
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

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
