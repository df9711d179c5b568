import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { explainArgsError } from '@svc-contracts/cli-output';
import { type LiveCheck, startLiveCheck } from './check.js';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  loopback,
  MAX_BODY_BYTES_LIMIT,
  openHar,
  type Recorder,
  startRecorder,
} from './proxy.js';

/** How long SIGINT/SIGTERM lets the exchanges in flight finish before cutting them off. */
export const STOP_GRACE_MS = 500;
/** The environment variable that gives a wrapped command the proxy's address (`_<SERVICE>` per named target). */
export const PROXY_URL_ENV = 'CONTRACT_RECORD_URL';

export const usage = `Usage: contract-record --target URL --out FILE.har [--port N] [options] [-- COMMAND...]

Listens on loopback, forwards every request to the target, returns the answer unchanged and appends
each exchange to FILE.har (HAR 1.2) as soon as it completes, credentials masked. Point a client, a test
suite or a browser at the printed address; stop with Ctrl-C (SIGINT) or SIGTERM: exchanges still in
flight ${STOP_GRACE_MS} ms later are cut off (written with their body marked not kept, or not at all when
no answer had come). The file is complete after every entry, so a crash loses nothing that was answered.
Check it with \`contract-check FILE.har\`, or live with --check.

With -- COMMAND, runs COMMAND with the proxy's address in ${PROXY_URL_ENV} and stops when it ends,
exiting with the worse of its exit code and the check's: a CI step in one line.

Options:
  --target [SERVICE=]URL
                   where requests go (http or https, optionally with a base path). Repeat it for several
                   services: one proxy each (its own port, ${PROXY_URL_ENV}_<SERVICE>); SERVICE= says
                   whose the exchanges are, as contract-check --host does
  --out FILE       the HAR file to write
  --port N         loopback port to listen on (default 0: a free port, printed); repeat it per --target
  --host ADDR      loopback address (default 127.0.0.1; ::1 and localhost allowed, nothing else)
  --host SERVICE=HOST
                   with --check: entries to HOST are SERVICE's (contract-check --host; repeatable)
  --check          judge every exchange as it completes (contract-check's verdicts, one line each on
                   stderr); at the stop print contract-check's report and exit with its code (0, 1 for a
                   violation, 2 when it could not judge)
  --errors         with --check: a request the contract refuses is answered with the status and body the
                   service documents for it (the mocks' answer) and not forwarded
  --config PATH    redocly.yaml listing the services (default: nearest from the working directory)
  --json FILE      with --check: write contract-check --json's document at the stop
  --junit FILE     with --check: write JUnit XML at the stop (a test case per operation x status)
  --mask NAME      also mask this header, query parameter, form field, JSON property or XML element
                   (repeatable; credentials named like a key, secret, token or password are always masked)
  --max-body-bytes N
                   largest body kept in the HAR (default ${DEFAULT_MAX_BODY_BYTES}, 64 MiB; at most
                   ${MAX_BODY_BYTES_LIMIT}); a larger one is passed on whole and marked _bodyOmitted
  --upstream-timeout MS
                   give an exchange up when the target sends nothing for MS milliseconds (default
                   ${DEFAULT_UPSTREAM_TIMEOUT_MS}): 504 before its answer, the body marked incomplete during it
  --force          replace FILE if it exists (default: refuse, so no recording is lost)
  --quiet          no line per entry (with --check: only for those that fail or are not judged)
  -h, --help       this text

Exit codes: 0 after SIGINT/SIGTERM (with --check: contract-check's code; with a command: the worse of
its code and that); 2 for wrong arguments, a busy port or an existing --out.
`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const options = {
  target: { type: 'string', multiple: true },
  out: { type: 'string' },
  port: { type: 'string', multiple: true },
  host: { type: 'string', multiple: true },
  check: { type: 'boolean', default: false },
  errors: { type: 'boolean', default: false },
  config: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  mask: { type: 'string', multiple: true },
  'max-body-bytes': { type: 'string' },
  'upstream-timeout': { type: 'string' },
  force: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** A running `contract-record`: its proxies, the live check and the command to wrap, if any. */
export interface Session {
  recorders: Recorder[];
  /** `-- COMMAND...`, with the environment that names the proxies. */
  command?: { argv: string[]; env: Record<string, string> };
  /** Stops the proxies, closes the file and, with --check, reports the run: resolves to the exit code. */
  close(): Promise<number>;
}

type Values = ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];

function integer(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  const range = max === Number.MAX_SAFE_INTEGER ? 'a positive integer' : `an integer from ${min} to ${max}`;
  throw new Error(`--${name} must be ${range}, not ${text}`);
}

/** `--target agents=https://h` → the service and the URL; a URL alone has no service. */
function parseTarget(text: string): { service?: string; url: URL } {
  const named = /^([A-Za-z][\w-]*)=(.*)$/.exec(text);
  try {
    return { ...(named ? { service: named[1] } : {}), url: new URL(named ? (named[2] as string) : text) };
  } catch {
    throw new Error(`--target is not a URL: ${text}`);
  }
}

function startError(error: unknown, out: string, ports: number[]): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EEXIST') return `${out} exists; pass --force to replace it, or choose another --out`;
  if (code === 'EADDRINUSE')
    return `port ${ports.join(', ')} is in use; pass another --port (0 picks a free one)`;
  return (error as Error).message;
}

/** Parses the arguments and starts the proxies. Resolves to an exit code when the arguments are wrong (2) or
 * help was asked (0); otherwise to the running session, which the caller stops. */
export async function startCli(argv: string[], io: CliIo = processIo): Promise<number | Session> {
  let values: Values;
  const dash = argv.indexOf('--');
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  try {
    ({ values } = parseArgs({ args: dash < 0 ? argv : argv.slice(0, dash), options }));
  } catch (error) {
    io.stderr(`contract-record: ${explainArgsError(error, [...Object.keys(options), 'h'])}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout(usage);
    return 0;
  }
  const out = values.out;
  if (!values.target || !out) {
    io.stderr(`contract-record: --target and --out are required.\n\n${usage}`);
    return 2;
  }
  let targets: Array<{ service?: string; url: URL }>;
  let ports: number[];
  let maxBodyBytes: number | undefined;
  let upstreamTimeoutMs: number | undefined;
  try {
    if (!values.check && (values.errors || values.json || values.junit))
      throw new Error('--errors, --json and --junit need --check');
    targets = values.target.map(parseTarget);
    ports = (values.port ?? []).map((port) => integer(port, 'port', 0, 65535) ?? 0);
    maxBodyBytes = integer(values['max-body-bytes'], 'max-body-bytes', 1, MAX_BODY_BYTES_LIMIT);
    upstreamTimeoutMs = integer(values['upstream-timeout'], 'upstream-timeout', 1, Number.MAX_SAFE_INTEGER);
  } catch (error) {
    io.stderr(`contract-record: ${(error as Error).message}\n`);
    return 2;
  }
  const hosts = values.host ?? [];
  const mappings = [
    ...hosts.filter((host) => host.includes('=')),
    ...targets.flatMap((target) => (target.service ? [`${target.service}=${target.url.host}`] : [])),
  ];
  const recorders: Recorder[] = [];
  let live: LiveCheck | undefined;
  try {
    const listen = loopback(hosts.filter((host) => !host.includes('=')).at(-1));
    // Refused before the contracts load; opening the file with `wx` still refuses one made meanwhile.
    if (!values.force && existsSync(out)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    live = values.check
      ? await startLiveCheck({
          out,
          hosts: mappings,
          quiet: values.quiet,
          errors: values.errors,
          write: io.stderr,
          ...(values.config ? { configPath: values.config } : {}),
          ...(values.json ? { json: values.json } : {}),
          ...(values.junit ? { junit: values.junit } : {}),
        })
      : undefined;
    const writer = await openHar(out, values.force);
    for (const [at, target] of targets.entries()) {
      const recorder = await startRecorder({
        target: target.url.href,
        writer,
        port: ports[at] ?? 0,
        host: listen,
        mask: { names: values.mask ?? [] },
        ...(live?.answer ? { answer: live.answer } : {}),
        ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
        ...(upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs }),
        onEntry: (entry) => {
          if (live) return live.judge(entry.entry, entry.index);
          if (!values.quiet) io.stdout(`#${entry.index} ${entry.method} ${entry.url} -> ${entry.status}\n`);
          return undefined;
        },
        onError: (error) => io.stderr(`contract-record: ${error.message}\n`),
      }).catch(async (error: unknown) => {
        await Promise.all(recorders.map((running) => running.close()));
        await writer.close();
        throw error;
      });
      recorders.push(recorder);
      io.stdout(
        `contract-record: listening on ${recorder.url}, forwarding to ${target.url.href}${target.service ? ` (${target.service})` : ''}, recording into ${out}\n`,
      );
    }
    const env: Record<string, string> = { [PROXY_URL_ENV]: recorders[0]?.url ?? '' };
    for (const [at, target] of targets.entries())
      if (target.service)
        env[`${PROXY_URL_ENV}_${target.service.toUpperCase().replace(/\W/g, '_')}`] =
          recorders[at]?.url ?? '';
    return {
      recorders,
      ...(command.length > 0 ? { command: { argv: command, env } } : {}),
      async close() {
        let cutOff = 0;
        for (const recorder of recorders) cutOff += (await recorder.close({ graceMs: STOP_GRACE_MS })).cutOff;
        await writer.close();
        if (cutOff > 0) {
          io.stderr(
            `contract-record: ${cutOff} exchange(s) still in flight after ${STOP_GRACE_MS} ms were cut off (body marked not kept, or not recorded when no answer had come)\n`,
          );
        }
        io.stdout(`contract-record: stopped; ${writer.entries} entries recorded\n`);
        return live ? await live.finish() : 0;
      },
    };
  } catch (error) {
    await live?.close();
    io.stderr(`contract-record: ${startError(error, out, ports)}\n`);
    return 2;
  }
}

/** Runs the command to its end; SIGINT and SIGTERM are passed on to it. Resolves to its exit code (128 + the
 * signal's number when a signal ended it, 127 when it could not start). */
function runCommand(command: NonNullable<Session['command']>, io: CliIo): Promise<number> {
  const [file, ...args] = command.argv as [string, ...string[]];
  const child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, ...command.env } });
  const pass = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  return new Promise<number>((resolve) => {
    child.once('error', (error) => {
      io.stderr(`contract-record: could not run ${file}: ${error.message}\n`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  }).finally(() => {
    process.off('SIGINT', pass);
    process.off('SIGTERM', pass);
  });
}

/** The bin: runs until SIGINT or SIGTERM (or the wrapped command's end), gives the exchanges in flight
 * {@link STOP_GRACE_MS}, cuts off the rest, closes the file and, with --check, prints the run's report. */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  // One handler from before the address is printed to the end of the stop: Ctrl-C reaches the recorder twice
  // under `pnpm contract-record` (from the terminal, and passed on by scripts/run.ts), and a moment with no
  // handler would let a signal end it unhandled, the file unclosed and the count unprinted.
  let stop: () => void = () => undefined;
  const signalled = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const onSignal = (): void => stop();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const started = await startCli(argv, io);
    if (typeof started === 'number') return started;
    let commandCode = 0;
    if (started.command) commandCode = await runCommand(started.command, io);
    else await signalled;
    return Math.max(commandCode, await started.close());
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
