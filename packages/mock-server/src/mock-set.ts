import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { didYouMean } from '@svc-contracts/cli-output';
import { type ContractSet, loadContracts } from '@svc-contracts/contract-checker';
import { type MockResponse, problemResponse } from '@svc-contracts/error-answers';
import { maskHeaders, maskUrl } from '@svc-contracts/redact';
import { defaultJsonLimits, type JsonLimits } from './json-budget.js';
import { JsonCheckWorker } from './json-check-worker.js';
import { MockService, type MockServiceOptions } from './mock-service.js';
import { assignPorts } from './ports.js';
import { MockReloader, type ReloadResult } from './reload.js';
import { BodyTooLargeError, DuplicateCredentialError, type MockRequest, readRequest } from './request.js';
import { bundleService, findConfig, isWritten, listServices, SpecError } from './services.js';
import { startWebhookDeliveries, type WebhookDeliveries } from './webhooks/deliveries.js';
import type { WebhookDeliveryOptions } from './webhooks/order-notifier.js';

export interface StartOptions extends Partial<MockServiceOptions> {
  /** A `redocly.yaml` whose `apis` list the services; default: the nearest one from the working directory. */
  configPath?: string;
  /** Serve these services only (names of `apis`). */
  only?: readonly string[];
  /** Port per service name; others come from `SVC_MOCKS_PORT_<NAME>` or the defaults. 0 = any free port. */
  ports?: Readonly<Record<string, number>>;
  /** Interface to listen on; default 127.0.0.1 (loopback only). */
  host?: string;
  env?: NodeJS.ProcessEnv;
  /** The contract checker's view of the services, when the caller has loaded it already (a test); default:
   * loaded from `configPath`, and closed by `stop()`. */
  contracts?: ContractSet;
  /** Called once per answered request (the CLI prints it). */
  onRequest?: (entry: RequestLogEntry) => void;
  /** With `stateful`: where and how subscriptions' callbacks are delivered (see `OrderNotifier`). */
  webhooks?: WebhookDeliveryOptions;
  /** The work a JSON body may cost before it is parsed (default `defaultJsonLimits`). */
  jsonLimits?: Partial<JsonLimits>;
}

/** One answered request; credentials (by name and by the specs' security schemes) are masked. */
export interface RequestLogEntry {
  service: string;
  method: string;
  url: string;
  headers: Array<{ name: string; value: string }>;
  status: number;
  milliseconds: number;
  /** Why the mock refused the request: each rule with its place (`pointer`) and message. */
  refusal?: Array<{ rule: string; pointer?: string; message: string }>;
}

export interface RunningMock {
  name: string;
  port: number;
  url: string;
  service: MockService;
  server: Server;
}

export interface MockSet {
  mocks: RunningMock[];
  /** Listed services left out because their root document does not exist yet. */
  skipped: string[];
  /** Resolves when a mock stops without `stop()` being called: which one and why. */
  died: Promise<{ name: string; reason: string }>;
  /** Serves a service from its spec as it is now, on the same port, the others untouched (`pnpm dev`). */
  reload(name: string): Promise<ReloadResult>;
  stop(): Promise<void>;
}

/** Starts every service's mock in this process, one HTTP server per service (Prism loaded once for all of
 * them), and resolves once each answers a request. */
export async function startMocks(options: StartOptions = {}): Promise<MockSet> {
  const configPath = options.configPath ?? findConfig();
  const listed = listServices(configPath);
  const names = listed.map((service) => service.name);
  for (const name of options.only ?? []) {
    if (!names.includes(name))
      throw new SpecError(
        `Unknown service "${name}"${didYouMean(name, names)}; ${configPath} lists ${names.join(', ')}.`,
      );
  }
  const wanted = listed.filter((service) => !options.only || options.only.includes(service.name));
  const missing = wanted.filter((service) => !isWritten(service));
  if (options.only && missing.length > 0) {
    throw new SpecError(
      `No spec yet for ${missing.map((service) => `${service.name} (${service.root})`).join(', ')}.`,
    );
  }
  const selected = wanted.filter(isWritten);
  if (selected.length === 0) throw new SpecError(`No service of ${configPath} has a spec yet.`);
  const ports = assignPorts(
    selected.map((service) => service.name),
    options.ports ?? {},
    options.env,
  );

  const serviceOptions: MockServiceOptions = {
    dynamic: options.dynamic ?? false,
    stateful: options.stateful ?? false,
    verbose: options.verbose ?? false,
  };
  // Loaded while the specs bundle; kept to close it even when the start fails.
  let ownContracts: Promise<ContractSet> | undefined;
  // Large JSON bodies are checked off the serving thread, against contracts loaded the same way there
  // (not for contracts the caller loaded: the thread could not load the same ones).
  const jsonChecks = options.contracts ? undefined : new JsonCheckWorker({ configPath });
  const servers: Array<{ name: string; server: Server }> = [];
  let stopping = false;
  let reportDeath: (death: { name: string; reason: string }) => void = () => {};
  const died = new Promise<{ name: string; reason: string }>((resolve) => {
    reportDeath = resolve;
  });

  let deliveries: WebhookDeliveries | undefined;
  // What each server answers with: its service as started, or as last reloaded.
  const live = new Map<string, MockService>();
  const mocks: RunningMock[] = [];
  const reloader = new MockReloader(configPath, selected, serviceOptions, (name, service) => {
    live.set(name, service);
    for (const mock of mocks) if (mock.name === name) mock.service = service;
  });
  let stopped: Promise<void> | undefined;
  // Idempotent: the CLI, a test's afterAll and a failed start may all ask.
  const stop = (): Promise<void> => {
    stopping = true;
    stopped ??= (async () => {
      await Promise.all(servers.map(({ server }) => closeServer(server)));
      await deliveries?.stop();
      await reloader.close();
      await jsonChecks?.close();
      await ownContracts?.then(
        (contracts) => contracts.close(),
        () => undefined,
      );
    })();
    return stopped;
  };

  try {
    ownContracts = options.contracts ? undefined : loadContracts({ configPath });
    const [bundled, contracts] = await Promise.all([
      Promise.all(selected.map((service) => bundleService(configPath, service))),
      options.contracts ?? ownContracts,
    ]);
    const services = await Promise.all(
      bundled.map((one) => MockService.create(one, contracts as ContractSet, serviceOptions, jsonChecks)),
    );
    const { headers, query, cookies } = (contracts as ContractSet).credentialNames();
    if (serviceOptions.stateful) {
      const webhooks = options.webhooks ?? {};
      const names = [...(webhooks.mask?.names ?? []), ...headers, ...query, ...cookies];
      deliveries = await startWebhookDeliveries(bundled, contracts as ContractSet, {
        ...webhooks,
        mask: { ...webhooks.mask, names },
      });
    }
    const log = options.onRequest && {
      onRequest: options.onRequest,
      names: [...headers, ...query, ...cookies],
    };
    const host = options.host ?? '127.0.0.1';
    const jsonLimits = { ...defaultJsonLimits, ...options.jsonLimits };
    for (const service of services) {
      live.set(service.name, service);
      const server = createServer((req, res) => {
        void serve(live.get(service.name) ?? service, req, res, log, deliveries, jsonLimits);
      });
      servers.push({ name: service.name, server });
      const port = await listen(server, ports[service.name] ?? 0, host, service.name);
      server.on('error', (error) => {
        if (!stopping) reportDeath({ name: service.name, reason: error.message });
      });
      server.on('close', () => {
        if (!stopping) reportDeath({ name: service.name, reason: 'its server closed' });
      });
      const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
      mocks.push({ name: service.name, port, url: `http://${urlHost}:${port}`, service, server });
    }
    await Promise.all(mocks.map((mock) => waitUntilAnswering(mock)));
    const skipped = wanted.filter((service) => !isWritten(service)).map((service) => service.name);
    return { mocks, skipped, died, reload: (name) => reloader.reload(name), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function serve(
  service: MockService,
  req: import('node:http').IncomingMessage,
  res: ServerResponse,
  log: { onRequest: NonNullable<StartOptions['onRequest']>; names: string[] } | undefined,
  callbacks?: WebhookDeliveries,
  jsonLimits: JsonLimits = defaultJsonLimits,
): Promise<void> {
  if (req.url === readinessPath) {
    res.writeHead(204).end();
    return;
  }
  const started = performance.now();
  let response: MockResponse;
  let request: MockRequest | undefined;
  try {
    request = await readRequest(req, jsonLimits);
    response = await service.respond(request);
    if (callbacks) response = callbacks.answer(service.name, request, response);
    if (request.unread) closeAfterAnswer(res, req.socket);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof BodyTooLargeError) response = service.refuse(413, 'request-body-too-large', reason);
    else if (error instanceof DuplicateCredentialError)
      response = service.refuse(400, 'security-duplicate', reason);
    else response = problemResponse(500, reason);
  }
  const origin = req.headers.origin;
  // Browsers (a docs page's "try it") call the mocks cross-origin, as Prism's default --cors allows.
  const cors: Record<string, string> = origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-allow-methods': req.headers['access-control-request-method'] ?? '*',
        'access-control-expose-headers': '*',
        vary: 'origin',
      }
    : {};
  res.writeHead(response.status, { ...cors, ...response.headers });
  res.end(response.body);
  // After the answer: a callback never delays the request that caused it.
  if (request && callbacks) callbacks.observe(service.name, request, response);
  if (!log) return;
  const headers = Object.entries(req.headers).map(([name, value]) => ({ name, value: String(value) }));
  log.onRequest({
    service: service.name,
    method: req.method ?? 'GET',
    url: maskUrl(req.url ?? '/', { names: log.names }),
    headers: maskHeaders(headers, { names: log.names }),
    status: response.status,
    milliseconds: performance.now() - started,
    ...(response.violations &&
      response.violations.length > 0 && {
        refusal: response.violations.map(({ rule, pointer, message }) => ({
          rule,
          ...(pointer !== undefined && { pointer }),
          message,
        })),
      }),
  });
}

/** How long a connection whose request was not read to its end is kept after the answer, at most. */
const lingerMs = 2_000;

/** The rest of the body was not read (past a limit): the answer says `Connection: close`. */
function closeAfterAnswer(res: ServerResponse, socket: Socket): void {
  res.shouldKeepAlive = false;
  socket.destroySoon = function lingering(this: Socket): void {
    this.end();
    const timer = setTimeout(() => this.destroy(), lingerMs);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

function listen(server: Server, port: number, host: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      const why = error.code === 'EADDRINUSE' ? `port ${port} is in use` : error.message;
      reject(new Error(`${name}: cannot listen on ${host}:${port}: ${why}.`));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const readinessPath = '/__svc-mocks-ready';

/** Ready means answering HTTP, not just listening. */
function waitUntilAnswering(mock: RunningMock, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = httpRequest(`${mock.url}${readinessPath}`, { timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    probe.on('timeout', () =>
      probe.destroy(new Error(`${mock.name} did not answer within ${timeoutMs} ms.`)),
    );
    probe.on('error', reject);
    probe.end();
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Keep-alive connections would hold `close` open until they time out.
    server.closeAllConnections();
  });
}
