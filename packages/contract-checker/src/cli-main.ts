import { parseArgs } from 'node:util';
import { formatJson, formatText } from './format.js';
import { checkHarFiles } from './report.js';

const usage = `Usage: contract-check [options] <file.har | folder>...

Checks recorded HTTP traffic (HAR 1.2) against the OpenAPI contracts listed in redocly.yaml.
Folders are searched recursively for *.har files.

Options:
  --service NAME   match every entry against this service only
  --config PATH    redocly.yaml listing the services (default: nearest from the working directory)
  --json           machine-readable report on stdout
  --coverage       report operation x status x content type covered by the entries
  --mutation       mutate every passing entry and report how many mutants the contract rejects
  -h, --help       this text

Exit codes: 0 every entry passed; 1 some entry violates the contract; 2 some input could not be read
(unreadable or malformed HAR, missing path, broken spec) - 2 wins over 1, because the check is incomplete.
`;

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs the CLI in-process and resolves to its exit code (the bin calls this; tests call it directly). */
export async function runCli(argv: string[], output: CliOutput = processOutput): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  const options = {
    service: { type: 'string' },
    config: { type: 'string' },
    json: { type: 'boolean', default: false },
    coverage: { type: 'boolean', default: false },
    mutation: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    output.stderr(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    output.stdout(usage);
    return 0;
  }
  if (positionals.length === 0) {
    output.stderr(`No recordings given.\n\n${usage}`);
    return 2;
  }
  try {
    const report = await checkHarFiles(positionals, {
      ...(values.config === undefined ? {} : { configPath: values.config }),
      ...(values.service === undefined ? {} : { service: values.service }),
      coverage: values.coverage,
      mutation: values.mutation,
    });
    output.stdout(values.json ? formatJson(report) : formatText(report));
    return report.exitCode;
  } catch (error) {
    output.stderr(`contract-check: ${(error as Error).message}\n`);
    return 2;
  }
}
