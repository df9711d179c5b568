/** One of `count` parts of the input, `index` from 1 (as `--shard 1/4` names it). */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard takes INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not "${text}"`);
  }
  return { index, count };
}
