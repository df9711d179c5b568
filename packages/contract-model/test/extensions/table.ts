import { expect, it } from 'vitest';
import type { Read } from '../../src/index.js';

/** One row of a reader's table: the object holding the extension, and what the reader returns. */
export interface Row<T> {
  given: unknown;
  want: Read<T>;
}

/** Runs a reader over its table, as openapi-typescript's transform tests do (`[title, {given, want}]`). */
export function table<T>(reader: (owner: unknown) => Read<T>, rows: Array<[string, Row<T>]>): void {
  it.each(rows)('%s', (_title, { given, want }) => {
    expect(reader(given)).toEqual(want);
  });
}

export const none = { value: undefined, problems: [] };

/** A read with one problem at `at` whose message contains `text`. */
export function fails<T>(at: Array<string | number>, text: string, value?: T): Read<T> {
  return { value, problems: [{ at, message: expect.stringContaining(text) as unknown as string }] };
}
