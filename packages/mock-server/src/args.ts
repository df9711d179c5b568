import { parseArgs } from 'node:util';
import { explainArgsError } from '@svc-contracts/cli-output';
import { PortError, parsePort } from './ports.js';

export interface CliOptions {
  configPath: string | undefined;
  only: string[] | undefined;
  ports: Record<string, number>;
  host: string;
  dynamic: boolean;
  stateful: boolean;
  /** With `stateful`: hosts besides loopback that subscriptions' callbacks may go to. */
  callbackAllow: string[];
  /** With `stateful`: a new HAR file of the callbacks delivered. */
  record: string | undefined;
  verbose: boolean;
  quiet: boolean;
  help: boolean;
}

export const usage = `Usage: svc-mocks [options]
       svc-mocks trigger <service> <webhook> --to <url>   (send a callback; svc-mocks trigger --help)

Starts a Prism mock of every service listed in redocly.yaml (apis) whose spec exists, and prints a table
of their addresses once each one answers. Ctrl-C (or SIGTERM) stops them all.

Options:
  --config <path>        redocly.yaml listing the services (default: nearest one from the working directory)
  --only <a,b>           serve these services only
  --port <name=port>     port of one service (repeatable; 0 = any free port)
                         also SVC_MOCKS_PORT_<NAME>=<port> in the environment
  --host <address>       interface to listen on (default 127.0.0.1; SVC_MOCKS_HOST)
  --dynamic              bodies generated from the schemas instead of the spec's examples
  --stateful             pause/resume change what campaign progress reports (kept in memory); a numbers
                         subscription is kept and each order is followed by its Notification POSTed
                         to the subscription's URL (loopback only, unless --callback-allow)
  --callback-allow <host> with --stateful: also deliver callbacks to this host[:port] (repeatable)
  --record <file.har>    with --stateful: write every callback delivered to a new HAR file (masked,
                         marked _webhook, for pnpm contract-check)
  --quiet                no line per request
  --verbose              Prism's own log
  -h, --help             this text

Per request, Prism's Prefer header picks the answer: Prefer: code=404, example=campaignNotFound, dynamic=true`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError(explainArgsError(error, Object.keys(options).concat('h')));
  }
  const ports: Record<string, number> = {};
  for (const entry of values.port ?? []) {
    const [name, port] = entry.split('=');
    if (!name || port === undefined)
      throw new UsageError(`--port takes name=port, for example agents=5010; got "${entry}".`);
    try {
      ports[name] = parsePort(port, `--port ${name}`);
    } catch (error) {
      if (error instanceof PortError) throw new UsageError(error.message);
      throw error;
    }
  }
  const only = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!values.stateful && (values.record !== undefined || values['callback-allow'] !== undefined))
    throw new UsageError(
      '--record and --callback-allow concern the callbacks of --stateful; add --stateful.',
    );
  return {
    configPath: values.config,
    only: only && only.length > 0 ? only : undefined,
    ports,
    host: values.host ?? env.SVC_MOCKS_HOST ?? '127.0.0.1',
    dynamic: values.dynamic ?? false,
    stateful: values.stateful ?? false,
    callbackAllow: values['callback-allow'] ?? [],
    record: values.record,
    verbose: values.verbose ?? false,
    quiet: values.quiet ?? false,
    help: values.help ?? false,
  };
}

const options = {
  config: { type: 'string' },
  only: { type: 'string' },
  port: { type: 'string', multiple: true },
  host: { type: 'string' },
  dynamic: { type: 'boolean' },
  stateful: { type: 'boolean' },
  'callback-allow': { type: 'string', multiple: true },
  record: { type: 'string' },
  quiet: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options });
}
