import { parseArgs } from 'node:util';
import { explainArgsError } from '../lib/cli-output.ts';

export const devUsage = `Usage: pnpm dev [--only <service>]... [--docs] [--docs-port <n>] [--config <redocly.yaml>]

Starts a mock of every service (as pnpm mock; ports from SVC_MOCKS_PORT_<NAME> or the defaults) and watches
the specs' folder, XSDs included. On each save, for the service changed (every service for specs/common/):
  - its running mock serves the saved spec, on the same port; the other mocks are untouched
  - the spec is linted (Redocly and our Spectral ruleset; findings with file:line)
  - dist/specs/<service>.yaml is bundled again and packages/<service>-client/src/generated/ regenerated
  - with --docs, its page of the docs site (served on --docs-port, default 8080) is rebuilt
A spec that no longer bundles keeps the last good mock answering and says why. Every save is seen, also one
that replaces the file (sed -i, an editor's safe write, git checkout or stash); symbolic links are not
followed, and a link loop or an unreadable folder is reported while watching goes on. Ctrl-C stops (exit 0).
  --only <service>   serve and watch this service only (repeatable)
  --config <path>    another redocly.yaml (its folder holds dist/ and packages/); not with --docs
  -h, --help         this text`;

export interface DevOptions {
  only: string[];
  docs: boolean;
  docsPort: number;
  config?: string;
}

export class DevArgsError extends Error {}

const options = {
  only: { type: 'string', multiple: true },
  docs: { type: 'boolean', default: false },
  'docs-port': { type: 'string', default: '8080' },
  config: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options of `pnpm dev`, or a `DevArgsError` naming what is wrong; `undefined` for `--help`. */
export function parseDevArgs(args: readonly string[]): DevOptions | undefined {
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    ({ values } = parseArgs({ args: [...args], options }));
  } catch (error) {
    throw new DevArgsError(explainArgsError(error, ['only', 'docs', 'docs-port', 'config', 'help', 'h']));
  }
  if (values.help) return undefined;
  const docsPort = Number(values['docs-port']);
  if (!/^\d{1,5}$/.test(values['docs-port']) || docsPort > 65535) {
    throw new DevArgsError(`--docs-port: "${values['docs-port']}" is not a port (0 to 65535).`);
  }
  if (values.docs && values.config !== undefined) {
    throw new DevArgsError("--docs builds the repository's docs site: it does not take --config.");
  }
  return {
    only: values.only ?? [],
    docs: values.docs,
    docsPort,
    ...(values.config !== undefined && { config: values.config }),
  };
}
