import { closest } from '@svc-contracts/cli-output';
import { bundleSpecs, findConfigPath, listServices, type ServiceSource } from '@svc-contracts/contract-model';
import { deref, isObject } from '@svc-contracts/openapi-utils';
import { after } from '../bodies/body.js';
import { TrafficJson } from '../bodies/json-text.js';
import { batchLimits, type CheckLimits, jsonOverLimit, opensContainer } from '../core/limits.js';
import type { NotJudged } from '../core/scope.js';
import type {
  CheckOptions,
  EntryVerdict,
  OperationMatch,
  RecordedRequest,
  RecordedResponse,
  Violation,
} from '../core/types.js';
import { planRequest, type RequestPlan } from '../requests/request-check.js';
import { planResponse, type ResponseCheck } from '../responses/response-check.js';
import { unmatchedVerdict } from '../responses/unmatched.js';
import type { OperationIndex } from '../router/operation-index.js';
import { credentialLocation } from '../security/credentials.js';
import type { CompiledService, PreparedOperation } from './compiled.js';
import { compileContracts } from './compiled.js';
import { describeShapes } from './exchange-shapes.js';
import { decideVerdict, undocumentedOperation } from './verdict.js';
import { xsdCache } from './xsd-cache.js';

export { responseKeyFor } from '../responses/response-check.js';
export type { BodyShape, ExchangeShapes } from './exchange-shapes.js';

export interface LoadContractsOptions {
  /** `redocly.yaml` listing the services (`apis`); default: the nearest one from the working directory. */
  configPath?: string | undefined;
  /** Check against these specs instead of the config's list (tests, one-off runs). */
  specs?: ServiceSource[];
  /** Folder that spec locations are relative to; default: the config's folder, else the working directory. */
  baseDir?: string;
  /** The resource policy of every check (`limits.ts`; a batch check passes `batchLimits`). Default: the batch
   * JSON limits and the XML validator's own, safe for a thread that serves requests. */
  limits?: CheckLimits;
}

/** One documented operation with the media types of each response, for coverage. */
export type DocumentedOperation = ReturnType<typeof documentedOperations>[number];

export type CredentialNames = ReturnType<typeof credentialNames>;

export type ContractSet = Awaited<ReturnType<typeof loadContracts>>;

/** Loads and compiles every spec once: bundling, the operation index, every schema an operation uses (Ajv,
 * cached per schema object) and every XSD an XML media type names. */
export async function loadContracts(opts: LoadContractsOptions = {}) {
  const configPath = opts.specs ? opts.configPath : (opts.configPath ?? findConfigPath());
  if (!opts.specs && !configPath) throw new Error('No redocly.yaml found: pass configPath or specs.');
  const sources = opts.specs ?? listServices(configPath as string);
  const limits: CheckLimits = opts.limits ?? { ...batchLimits, xml: {} };
  const json = new TrafficJson(limits);
  const bundled = await bundleSpecs(sources, { configPath, baseDir: opts.baseDir });
  const xsd = xsdCache(limits.xml);
  const { services, index, operations, problems } = await compileContracts(bundled.specs, xsd, json);

  function lookup(request: RecordedRequest, opts?: CheckOptions) {
    const service = opts?.service;
    if (service !== undefined && !services.has(service)) requireService([...services.keys()], service);
    // A callback is checked against the webhook it names, never matched by its URL.
    const found =
      request.webhook === undefined
        ? index.match(request.method, request.url, service)
        : index.matchWebhook(request.webhook, request.method, service);
    const operation = found.operation && operations.get(found.operation);
    if (found.match && operation) return { match: found.match, operation };
    // The service a request without an operation was sent to: the one its path has, or the one checked.
    const { miss } = found;
    const sentTo = miss?.reason === 'method' || miss?.reason === 'trailing-slash' ? miss.service : service;
    return {
      undocumented: undocumentedOperation(request, miss),
      miss,
      // A callback that names no webhook of the contract is not a request to a service.
      service: sentTo === undefined || miss?.reason === 'webhook' ? undefined : services.get(sentTo),
    };
  }

  // A verdict now unless the XML engine is involved: the promise machinery inside costs more than the check.
  function checkNow(
    request: RecordedRequest,
    response: RecordedResponse,
    opts?: CheckOptions,
  ): EntryVerdict | Promise<EntryVerdict> {
    const found = lookup(request, opts);
    const { match, operation, undocumented } = found;
    if (!match || !operation) {
      const service = 'service' in found ? found.service : undefined;
      const refused =
        service === undefined
          ? undefined
          : unmatchedVerdict(service, found.miss, undocumented, response, json);
      return (
        refused ?? { verdict: 'violation', violations: [undocumented], requestViolations: [undocumented] }
      );
    }
    // Bodies past a JSON limit are left out before anything parses them: not judged.
    const notJudged: NotJudged[] = [];
    const requestCost = bodyOverLimit(request.bodyNotRecorded ? undefined : request.body, limits);
    if (requestCost !== undefined) {
      notJudged.push({ reason: 'resource-limit', part: 'request body', detail: requestCost });
      request = { ...request, bodyNotRecorded: true };
    }
    const responseCost = bodyOverLimit(response.body, limits);
    if (responseCost !== undefined) {
      notJudged.push({ reason: 'resource-limit', part: 'response body', detail: responseCost });
      const { body: _body, ...rest } = response;
      response = rest;
    }
    const verdict = checkMatched(request, response, match, operation);
    return notJudged.length === 0 ? verdict : after(verdict, (known) => withParts(known, notJudged));
  }

  function checkMatched(
    request: RecordedRequest,
    response: RecordedResponse,
    match: OperationMatch,
    operation: PreparedOperation,
  ): EntryVerdict | Promise<EntryVerdict> {
    const plan = planOf(operation);
    // The request is taken apart once; the response side reads the same parts (the query `x-filters` reads).
    const parts = plan.readRequest(request, match);
    const fromRequest = plan.checkRequest(request, parts);
    const fromResponse = plan.checkResponse(request, response, parts);
    const sanitized = request.credentialsNotRecorded === true && requiresCredentials(operation);
    const both =
      fromRequest instanceof Promise || fromResponse instanceof Promise
        ? Promise.all([fromRequest, fromResponse])
        : ([fromRequest, fromResponse] as const);
    return after(both, ([requestSide, responseSide]) =>
      withSanitized(
        withAliasWarning(decideVerdict(operation, match, requestSide, responseSide, response.status)),
        sanitized,
      ),
    );
  }

  /** The violations of the request alone, or of the response alone when it is given. */
  async function checkSide(
    request: RecordedRequest,
    response: RecordedResponse | undefined,
    opts?: CheckOptions,
  ): Promise<{ match?: OperationMatch; violations: Violation[] }> {
    const { match, operation, undocumented } = lookup(request, opts);
    if (!match || !operation) return { violations: [undocumented] };
    const plan = planOf(operation);
    const violations = response
      ? plan.checkResponse(request, response)
      : plan.checkRequest(request, plan.readRequest(request, match));
    return { match, violations: await violations };
  }

  return {
    /** The resource policy the checks keep (see {@link LoadContractsOptions.limits}). */
    limits,
    /** Services that were loaded (listed and written). */
    services: [...services.keys()],
    /** Services listed in the config whose root document does not exist yet. */
    missingServices: bundled.missing,
    /** Problems with the specs themselves: bundling errors, schemas or XSDs that do not compile. */
    problems: [...bundled.specs.flatMap((spec) => spec.problems), ...problems],
    match: (method: string, url: string, opts?: CheckOptions): OperationMatch | undefined =>
      lookup({ method, url, headers: [] }, opts).match,
    checkRequest: (request: RecordedRequest, opts?: CheckOptions) => checkSide(request, undefined, opts),
    checkResponse: checkSide,
    checkExchange: async (request: RecordedRequest, response: RecordedResponse, opts?: CheckOptions) =>
      checkNow(request, response, opts),
    /** Every documented operation and webhook with its statuses and response media types (coverage cells). */
    documentedOperations: () => documentedOperations(index, services),
    /** The schemas behind an exchange's bodies and query parameters (for mutation testing). */
    describeExchange(request: RecordedRequest, response: RecordedResponse, opts?: CheckOptions) {
      const { match, operation } = lookup(request, opts);
      return match && operation ? describeShapes(operation, match, request, response) : undefined;
    },
    /** Names under which credentials travel in any loaded service, for masking output. */
    credentialNames: () => credentialNames(services),
    /** Releases the XML engines. */
    close: () => xsd.close(),
  };
}

/** Throws unless `service` (when given) is one of the services loaded, naming the nearest. */
export function requireService(loaded: readonly string[], service: string | undefined): void {
  if (service === undefined || loaded.includes(service)) return;
  const near = closest(service, loaded);
  const hint = near ? ` Did you mean "${near}"?` : '';
  throw new Error(`Unknown service "${service}".${hint} Loaded services: ${loaded.join(', ') || 'none'}.`);
}

/** Everything about checking one operation that does not depend on the entry, built on the operation's first
 * entry and kept beside it (an operation no entry reaches costs nothing). */
const plans = new WeakMap<PreparedOperation, RequestPlan & { checkResponse: ResponseCheck }>();

export function planOf(operation: PreparedOperation) {
  let plan = plans.get(operation);
  if (plan === undefined) {
    plan = { ...planRequest(operation), checkResponse: planResponse(operation) };
    plans.set(operation, plan);
  }
  return plan;
}

/** Whether the operation's plan is built yet (for tests of when it is built). */
export const isPlanned = (operation: PreparedOperation): boolean => plans.has(operation);

/** Whether the operation requires a credential (its `security`, else the document's, has no empty requirement). */
function requiresCredentials(operation: PreparedOperation): boolean {
  const security = operation.indexed.operation.security ?? operation.service.doc.security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    !security.some((requirement) => isObject(requirement) && Object.keys(requirement).length === 0)
  );
}

/** Why a JSON body is past a limit of the policy (not parsed, not judged), or undefined. */
function bodyOverLimit(body: string | undefined, limits: CheckLimits): string | undefined {
  if (body === undefined || !opensContainer(body)) return undefined;
  const over = jsonOverLimit(body, limits);
  return over === undefined ? undefined : `${over}; the body is not parsed`;
}

function withParts(verdict: EntryVerdict, parts: NotJudged[]): EntryVerdict {
  return { ...verdict, notJudged: [...(verdict.notJudged ?? []), ...parts] };
}

/** A request whose credentials the recording stripped: its security is not judged (`--sanitized`). */
function withSanitized(verdict: EntryVerdict, sanitized: boolean): EntryVerdict {
  if (!sanitized) return verdict;
  const detail = 'the request carries no credential and the recording is taken as sanitized (--sanitized)';
  return withParts(verdict, [{ reason: 'credentials-sanitized', part: 'credentials', detail }]);
}

/** A URL matched through `x-path-aliases` passes with a warning in the entry's note. */
function withAliasWarning(verdict: EntryVerdict): EntryVerdict {
  const alias = verdict.match?.pathAlias;
  if (alias === undefined || verdict.match === undefined) return verdict;
  const warning = `warning: the URL uses the spelling ${alias} (x-path-aliases) of ${verdict.match.pathTemplate}`;
  return { ...verdict, note: verdict.note === undefined ? warning : `${verdict.note}; ${warning}` };
}

/** Operations of `paths`, then the callbacks of `webhooks` (path template `webhooks/<name>`), with their responses. */
function documentedOperations(index: OperationIndex, services: Map<string, CompiledService>) {
  return index.operations.map((indexed) => {
    const service = services.get(indexed.service);
    const responses = isObject(indexed.operation.responses) ? indexed.operation.responses : {};
    return {
      service: indexed.service,
      operationId: indexed.operationId,
      method: indexed.method,
      pathTemplate: indexed.pathTemplate,
      responses: Object.entries(responses).map(([status, raw]) => {
        const response = service ? deref(service.doc, raw) : raw;
        return {
          status,
          contentTypes: isObject(response) && isObject(response.content) ? Object.keys(response.content) : [],
        };
      }),
    };
  });
}

function credentialNames(services: Map<string, CompiledService>) {
  const names = new Map<string, Set<string>>([
    ['header', new Set(['Authorization', 'Proxy-Authorization', 'Cookie', 'Set-Cookie'])],
    ['query', new Set()],
    ['cookie', new Set()],
  ]);
  for (const { security } of services.values()) {
    const locations = [...Object.values(security.schemes).map(credentialLocation), ...security.unsupported];
    for (const location of locations) if (location) names.get(location.in)?.add(location.name);
  }
  const listed = (place: string) => [...(names.get(place) ?? [])];
  return { headers: listed('header'), query: listed('query'), cookies: listed('cookie') };
}
