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

/** An option of a section script: a whole number (default, range, value under `--tiny`; a default of 'runs'
 * is the value of --runs) or, with `arg`, a text (without, a flag). */
export type SectionOption = { help: string } & (
  | { whole: [fallback: number | 'runs', min: number, max: number, tiny: number] }
  | { arg?: string }
);
type Value<O> = O extends { whole: unknown }
  ? number
  : O extends { arg: string }
    ? string | undefined
    : boolean;

/** The options of a section script: its own (`runs` first), `--tiny` (what it does) and `--json FILE`, with
 * the usage written from their help. */
export function sectionOptions<const T extends Record<string, SectionOption>>(
  script: string,
  summary: string,
  tiny: string,
  options: T,
): { [K in keyof T]: Value<T[K]> } & { tiny: boolean; json: string | undefined; usage: string } {
  const own = Object.entries(options) as Array<[string, SectionOption]>;
  const lines = own.map(([name, option]): [string, string] => {
    if (!('whole' in option)) return [`--${name}${option.arg ? ` ${option.arg}` : ''}`, option.help];
    const [fallback, min, max] = option.whole;
    return [
      `--${name} N`,
      `${option.help} (${min}-${max}, default ${fallback === 'runs' ? '--runs' : fallback})`,
    ];
  });
  lines.push(['--tiny', tiny], ['--json FILE', 'also write the section of bench/RESULTS.md there']);
  const width = Math.max(...lines.map(([flag]) => flag.length)) + 2;
  const usage = `Usage: pnpm exec tsx bench/${script} ${lines.map(([flag]) => `[${flag}]`).join(' ')}\n\n${summary}\n${[...lines, ['-h, --help', 'this text'] as const].map(([flag, help]) => `  ${flag.padEnd(width)}${help}`).join('\n')}`;
  const types = own.map(([name, option]) => [
    name,
    { type: 'whole' in option || option.arg ? 'string' : 'boolean' },
  ]);
  const values: Record<string, unknown> = readOptions(usage, {
    ...(Object.fromEntries(types) as OptionsConfig),
    tiny: { type: 'boolean' },
    json: { type: 'string' },
  });
  const result: Record<string, unknown> = { tiny: values.tiny === true, json: values.json, usage };
  for (const [name, option] of own) {
    if (!('whole' in option)) result[name] = option.arg ? values[name] : values[name] === true;
    else {
      const [fallback, min, max, small] = option.whole;
      const text = values[name] as string | undefined;
      result[name] = result.tiny
        ? small
        : integerValue(usage, name, text, fallback === 'runs' ? (result.runs as number) : fallback, min, max);
    }
  }
  return result as ReturnType<typeof sectionOptions<T>>;
}
