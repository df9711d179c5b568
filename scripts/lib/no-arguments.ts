import { parseArgs } from 'node:util';
import { explainArgsError } from './cli-output.ts';

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
    console.error(`${explainArgsError(error, ['help', 'h'])}\n\n${usage}`);
    process.exit(2);
  }
  if (help) {
    console.log(usage);
    process.exit(0);
  }
}

/**
 * The arguments of a script whose only option is `--check`: `--help` prints `usage` and exits 0, anything
 * else exits 2 with the reason and the usage; returns whether `--check` was given.
 */
export function acceptCheckOnly(usage: string, args: string[] = process.argv.slice(2)): boolean {
  try {
    const { values } = parseArgs({
      args,
      options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    return values.check === true;
  } catch (error) {
    console.error(`${explainArgsError(error, ['check', 'help', 'h'])}\n\n${usage}`);
    process.exit(2);
  }
}
