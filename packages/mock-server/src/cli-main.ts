import { type Colors, colorsFor } from '@svc-contracts/cli-output';
import { parseCliArgs, UsageError, usage } from './args.js';
import { type MockSet, type StartOptions, startMocks } from './mock-set.js';
import { formatOperations, formatReadyTable, formatRequest } from './report.js';
import { runTrigger } from './webhooks/trigger.js';

/** How long a stop may take before the CLI gives up on it (a stuck connection must not hang Ctrl-C). */
const stopTimeoutMs = 5_000;

/** What the CLI touches outside itself, injectable so its stop logic is tested without processes. */
export interface CliEnvironment {
  start?: (options: StartOptions) => Promise<MockSet>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Where SIGINT/SIGTERM and crashes are reported (the process, or a test's emitter). */
  events?: NodeJS.EventEmitter;
  /** Colour of the request lines (default: on when stdout is a terminal and NO_COLOR is not set). */
  colors?: Colors;
}

/** Runs the mocks until Ctrl-C/SIGTERM (exit code 0) or until one of them dies or the process crashes (exit
 * code 1, saying which and why); in every case all mocks are stopped first. */
export async function runCli(argv: readonly string[], env: CliEnvironment = {}): Promise<number> {
  const out = env.out ?? console.log;
  const err = env.err ?? console.error;
  const events = env.events ?? process;
  const colors = env.colors ?? colorsFor(process.stdout);
  if (argv[0] === 'trigger') {
    return runTrigger(argv.slice(1), { out, err, colors });
  }
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`svc-mocks: ${error.message}\n\n${usage}`);
    return 2;
  }
  if (options.help) {
    out(usage);
    return 0;
  }

  // A signal while starting stops the start: nothing serves yet, and there is no child process.
  let interrupted: string | undefined;
  const early = (signal: string): void => {
    interrupted = signal;
  };
  events.on('SIGINT', early).on('SIGTERM', early);
  let set: MockSet;
  try {
    set = await (env.start ?? startMocks)({
      configPath: options.configPath,
      only: options.only,
      ports: options.ports,
      host: options.host,
      dynamic: options.dynamic,
      stateful: options.stateful,
      webhooks: {
        allowHosts: options.callbackAllow,
        ...(options.record === undefined ? {} : { record: options.record }),
        onLog: (line, failed) => (failed ? err : out)(line),
      },
      verbose: options.verbose,
      onRequest: options.quiet ? undefined : (entry) => out(formatRequest(entry, colors)),
    });
  } catch (error) {
    err(`svc-mocks: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    events.off('SIGINT', early).off('SIGTERM', early);
  }
  if (interrupted) {
    await set.stop();
    err(`svc-mocks: ${interrupted} while starting; stopped.`);
    return 1;
  }
  // performance.now() counts from the process start: the time includes loading Prism.
  if (options.verbose) out(formatOperations(set));
  out(formatReadyTable(set, options, performance.now()));

  const handlers: Array<[string, (value: unknown) => void]> = [];
  const outcome = await new Promise<{ code: number; message: string }>((resolve) => {
    const on = (event: string, handler: (value: unknown) => void): void => {
      handlers.push([event, handler]);
      events.on(event, handler);
    };
    on('SIGINT', () => resolve({ code: 0, message: 'SIGINT: stopping all mocks.' }));
    on('SIGTERM', () => resolve({ code: 0, message: 'SIGTERM: stopping all mocks.' }));
    const crash = (error: unknown): void =>
      resolve({
        code: 1,
        message: `crashed (${error instanceof Error ? (error.stack ?? error.message) : String(error)}); stopping all mocks.`,
      });
    on('uncaughtException', crash);
    on('unhandledRejection', crash);
    void set.died.then(({ name, reason }) =>
      resolve({ code: 1, message: `the ${name} mock stopped (${reason}); stopping all mocks.` }),
    );
  });
  for (const [event, handler] of handlers) events.off(event, handler);
  (outcome.code === 0 ? out : err)(`svc-mocks: ${outcome.message}`);

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), stopTimeoutMs);
  });
  const stopped = await Promise.race([set.stop().then(() => false), timedOut]);
  clearTimeout(timer);
  if (stopped) {
    err(`svc-mocks: the mocks did not stop within ${stopTimeoutMs} ms.`);
    return 1;
  }
  return outcome.code;
}
