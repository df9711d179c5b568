/**
 * The options of a bench script, read with `node:util` `parseArgs`: `--help` (or `-h`) prints the usage
 * and exits 0; an option the script does not take, or a value it cannot use, is refused with exit 2, the
 * reason and "did you mean" (from @svc-contracts/cli-output), then the usage.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { explainArgsError } from '../../scripts/lib/cli-output.ts';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** Prints `message` and the usage on stderr and exits 2. */
export function usageError(usage: string, message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/**
 * The values of `options` in `args` (the script's own arguments by default). `usage` is printed for
 * `--help` and under every refusal; no positional argument is taken.
 */
export function readOptions<const T extends OptionsConfig>(
  usage: string,
  options: T,
  args: readonly string[] = process.argv.slice(2),
): ReturnType<typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>>['values'] {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const names = Object.entries(options).flatMap(([name, option]) =>
      option.short ? [name, option.short] : [name],
    );
    return usageError(usage, explainArgsError(error, [...names, 'help', 'h']));
  }
}

/** An integer option from `min` to `max` (`fallback` when absent); anything else is refused (exit 2). */
export function integerValue(
  usage: string,
  name: string,
  text: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    usageError(usage, `--${name} must be an integer from ${min} to ${max}, got ${text}`);
  return value;
}
