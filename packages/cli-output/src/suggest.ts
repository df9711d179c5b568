/** Optimal string alignment distance (a swap of neighbours is one edit: `vioce` → `voice`). */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (rows[i - 1]?.[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (rows[i - 1]?.[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Number.POSITIVE_INFINITY;
}

/** The candidate `input` most likely meant (case, unique prefix, or one/two edits by length), else undefined: never a guess. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  if (wanted === '') return undefined;
  const same = candidates.find((candidate) => candidate.toLowerCase() === wanted);
  if (same !== undefined) return same;
  const prefixed = candidates.filter((candidate) => candidate.toLowerCase().startsWith(wanted));
  if (prefixed.length === 1 && wanted.length >= 2) return prefixed[0];
  const limit = wanted.length <= 4 ? 1 : 2;
  let best: { candidate: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const edits = distance(wanted, candidate.toLowerCase());
    if (edits <= limit && (best === undefined || edits < best.edits)) best = { candidate, edits };
  }
  return best?.candidate;
}

/** ` (did you mean voice?)`, or `''` when no candidate is close. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const match = closest(input, candidates);
  return match === undefined ? '' : ` (did you mean ${match}?)`;
}

/** The option `parseArgs` refused as unknown (`--onyl`), from its error; `undefined` for other errors. */
export function unknownOption(error: unknown): string | undefined {
  if (!(error instanceof Error) || (error as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return undefined;
  return /'(-[^']*)'/.exec(error.message)?.[1];
}

/** A `parseArgs` error for people: an unknown option gets a "did you mean", any other keeps its message. */
export function explainArgsError(error: unknown, options: readonly string[]): string {
  const option = unknownOption(error);
  if (option === undefined) return error instanceof Error ? error.message : String(error);
  const long = option.startsWith('--');
  const names = options.filter((name) => (long ? name.length > 1 : name.length === 1));
  const match = closest(option.replace(/^--?/, '').split('=')[0] ?? '', names);
  return `Unknown option '${option}'${match === undefined ? '' : ` (did you mean ${long ? '--' : '-'}${match}?)`}`;
}
