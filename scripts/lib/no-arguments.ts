import { parseArgs } from 'node:util';

/**
 * The arguments of a script that takes none but `--help`: prints `usage` and exits 0 on `--help`, exits 2
 * with the reason and the usage on anything else, returns otherwise.
 */
export function acceptNoArguments(usage: string, args: string[] = process.argv.slice(2)): void {
  let help: boolean | undefined;
  try {
    ({
      values: { help },
    } = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (help) {
    console.log(usage);
    process.exit(0);
  }
}
