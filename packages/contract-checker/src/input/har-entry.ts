/**
 * Reading a HAR entry is @svc-contracts/har's (`readEntry`: an entry as one exchange, what the recording did
 * not keep marked, errors naming the field).
 */
import type { RecordedExchange as Recorded } from '@svc-contracts/har';
import type { NotJudged, Skip } from '../core/scope.js';

/**
 * An entry as the checker's run carries it: har's `RecordedExchange`, whose skip and not-judged parts the run
 * adds to (an attached body missing, a resource limit).
 */
export type RecordedExchange = Omit<Recorded, 'skip' | 'notJudged'> & {
  skip?: Skip;
  notJudged?: NotJudged[];
};
