import { parseArgs } from 'node:util';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  MAX_BODY_BYTES_LIMIT,
  type Recorder,
  startRecorder,
} from './proxy.js';

/** How long SIGINT/SIGTERM lets the exchanges in flight finish before cutting them off. */
export const STOP_GRACE_MS = 500;

export const usage = `Usage: contract-record --target URL --out FILE.har [--port N] [options]

Listens on loopback, forwards every request to the target, returns the answer unchanged and appends
each exchange to FILE.har (HAR 1.2) as soon as it completes, credentials masked. Point a client, a test
suite or a browser at the printed address; stop with Ctrl-C (SIGINT) or SIGTERM: exchanges still in
flight ${STOP_GRACE_MS} ms later are cut off (written with their body marked not kept, or not at all when
no answer had come). The file is complete after every entry, so a crash loses nothing that was answered.
Check it with \`contract-check FILE.har\`.

Options:
  --target URL     where requests go (http or https, optionally with a base path)
  --out FILE       the HAR file to write
  --port N         loopback port to listen on (default 0: a free port, printed)
  --host ADDR      loopback address (default 127.0.0.1; ::1 and localhost allowed, nothing else)
  --mask NAME      also mask this header, query parameter, form field, JSON property or XML element
                   (repeatable; credentials named like a key, secret, token or password are always masked)
  --max-body-bytes N
                   largest body kept in the HAR (default ${DEFAULT_MAX_BODY_BYTES}, 64 MiB; at most
                   ${MAX_BODY_BYTES_LIMIT}); a larger one is passed on whole and marked _bodyOmitted
  --upstream-timeout MS
                   give an exchange up when the target sends nothing for MS milliseconds (default
                   ${DEFAULT_UPSTREAM_TIMEOUT_MS}): 504 before its answer, the body marked incomplete during it
  --force          replace FILE if it exists (default: refuse, so no recording is lost)
  --quiet          no line per entry
  -h, --help       this text
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
  target: { type: 'string' },
  out: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  mask: { type: 'string', multiple: true },
  'max-body-bytes': { type: 'string' },
  'upstream-timeout': { type: 'string' },
  force: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * Parses the arguments and starts the recorder. Resolves to an exit code when the arguments are wrong
 * (2) or help was asked (0); otherwise to the running recorder, which the caller stops.
 */
export async function startCli(argv: string[], io: CliIo = processIo): Promise<number | Recorder> {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options, allowPositionals: false }));
  } catch (error) {
    io.stderr(`contract-record: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout(usage);
    return 0;
  }
  if (!values.target || !values.out) {
    io.stderr(`contract-record: --target and --out are required.\n\n${usage}`);
    return 2;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr(`contract-record: --port must be an integer from 0 to 65535, not ${values.port}\n`);
    return 2;
  }
  const maxBodyBytes = values['max-body-bytes'] === undefined ? undefined : Number(values['max-body-bytes']);
  if (
    maxBodyBytes !== undefined &&
    (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1 || maxBodyBytes > MAX_BODY_BYTES_LIMIT)
  ) {
    io.stderr(
      `contract-record: --max-body-bytes must be an integer from 1 to ${MAX_BODY_BYTES_LIMIT}, not ${values['max-body-bytes']}\n`,
    );
    return 2;
  }
  const upstreamTimeoutMs =
    values['upstream-timeout'] === undefined ? undefined : Number(values['upstream-timeout']);
  if (upstreamTimeoutMs !== undefined && (!Number.isInteger(upstreamTimeoutMs) || upstreamTimeoutMs < 1)) {
    io.stderr(
      `contract-record: --upstream-timeout must be a positive integer (milliseconds), not ${values['upstream-timeout']}\n`,
    );
    return 2;
  }
  try {
    new URL(values.target);
  } catch {
    io.stderr(`contract-record: --target is not a URL: ${values.target}\n`);
    return 2;
  }
  const out = values.out;
  try {
    const recorder = await startRecorder({
      target: values.target,
      out,
      port,
      ...(values.host === undefined ? {} : { host: values.host }),
      overwrite: values.force,
      mask: { names: values.mask ?? [] },
      ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
      ...(upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs }),
      onEntry: values.quiet
        ? undefined
        : (entry) => io.stdout(`#${entry.index} ${entry.method} ${entry.url} -> ${entry.status}\n`),
      onError: (error) => io.stderr(`contract-record: ${error.message}\n`),
    });
    io.stdout(
      `contract-record: listening on ${recorder.url}, forwarding to ${values.target}, recording into ${out}\n`,
    );
    return recorder;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EEXIST'
        ? `${out} exists; pass --force to replace it, or choose another --out`
        : code === 'EADDRINUSE'
          ? `port ${port} is in use; pass another --port (0 picks a free one)`
          : (error as Error).message;
    io.stderr(`contract-record: ${reason}\n`);
    return 2;
  }
}

/**
 * The bin: runs until SIGINT or SIGTERM, then lets the exchanges in flight finish for {@link STOP_GRACE_MS},
 * cuts off the rest and closes the file.
 */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const started = await startCli(argv, io);
  if (typeof started === 'number') return started;
  const recorder = started;
  // Ctrl-C reaches the recorder twice under `pnpm contract-record` (from the terminal, and passed on by
  // scripts/run.ts): a signal during the bounded stop is ignored, so the file is closed and the count printed.
  const stopping = (): void => undefined;
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.on('SIGINT', stopping);
      process.on('SIGTERM', stopping);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  try {
    const { cutOff } = await recorder.close({ graceMs: STOP_GRACE_MS });
    if (cutOff > 0) {
      io.stderr(
        `contract-record: ${cutOff} exchange(s) still in flight after ${STOP_GRACE_MS} ms were cut off (body marked not kept, or not recorded when no answer had come)\n`,
      );
    }
    io.stdout(`contract-record: stopped; ${recorder.entries} entries recorded\n`);
  } finally {
    process.off('SIGINT', stopping);
    process.off('SIGTERM', stopping);
  }
  return 0;
}
