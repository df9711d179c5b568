import type { NotJudged, Skip } from './scope.js';
import type { OperationMatch, Verdict, Violation } from './types.js';

/** An entry's verdict in a run: the contract's (`conforms`, `rejected-as-expected`, `violation`), or
 * `not-judged` (nothing fails, and a part the recording did not keep or a limit stopped is not judged), or
 * `skipped` (not ours, or not contract traffic). */
export type RunVerdict = Verdict | 'not-judged' | 'skipped';

export interface EntryReport {
  file: string;
  /** Index in the file's `log.entries` (in NDJSON, the 0-based line number). */
  index: number;
  /** Ordinal of the entry in the whole input, across files: what `--shard` splits on and `merge` sorts by. */
  position: number;
  method: string;
  /** The recorded URL with credentials masked. */
  url: string;
  status: number;
  match?: OperationMatch;
  verdict: RunVerdict;
  violations: Violation[];
  requestViolations: Violation[];
  /** See `EntryVerdict.note`: a refusal status accepted although the source does not state it. */
  note?: string;
  /** Why the entry is skipped (verdict `skipped`). */
  skip?: Skip;
  /** The parts not judged, with why (verdict `not-judged`, or beside the violations of a failing entry). */
  notJudged?: NotJudged[];
  /** The coverage cell the entry filled (declared status and content type), when the run counts coverage
   * (`--coverage`, `--format junit`); none for a status the operation does not declare. */
  cell?: { status: string; contentType?: string };
  /** The start of the body a violation is about, masked (see `payloadOf`). */
  payload?: string;
}
