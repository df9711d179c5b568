import { styleText } from 'node:util';

/** The styles the tools use (a subset of `node:util` styleText's formats). */
export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan' | 'gray';

export interface Colors {
  /** Whether `style` adds escape codes. */
  readonly enabled: boolean;
  /** `text` in `format` when colour is on, `text` unchanged otherwise. */
  style(format: Style, text: string): string;
}

/** Colour on a terminal only: `NO_COLOR` off, `FORCE_COLOR` on, `TERM=dumb` off, else the stream's `isTTY`. */
export function colorEnabled(
  stream: { isTTY?: boolean | undefined },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** The styling of what is written to `stream` (default: stdout). */
export function colorsFor(
  stream: { isTTY?: boolean | undefined } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): Colors {
  const enabled = colorEnabled(stream, env);
  return {
    enabled,
    style: (format, text) =>
      enabled && text !== '' ? styleText(format, text, { validateStream: false }) : text,
  };
}
