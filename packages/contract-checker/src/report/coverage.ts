import { headerValue } from '@svc-contracts/har';
import { findMediaType } from '@svc-contracts/openapi-utils';
import type { DocumentedOperation } from '../contract/contract-set.js';
import type { OperationMatch, RecordedResponse } from '../core/types.js';
import { responseKeyFor } from '../responses/response-check.js';

/** Which documented responses the traffic exercised: a cell per operation × declared status × declared content
 * type (none for a response without content), with the entries that fell in it. */
export interface CoverageReport {
  operations: Array<{
    service: string;
    operationId: string;
    method: string;
    pathTemplate: string;
    entries: number;
    cells: CoverageCell[];
  }>;
  /** Cells with at least one entry. */
  coveredCells: number;
  totalCells: number;
  /** `service operationId` of documented operations no entry reached. */
  operationsWithoutEntries: string[];
}

export type CoverageCell = { status: string; contentType?: string; entries: number };
type OperationCoverage = CoverageReport['operations'][number];

const keyOf = (operation: { service: string; operationId: string }) =>
  `${operation.service} ${operation.operationId}`;

/** Counts the traffic into the cells of {@link CoverageReport}: the one its status and Content-Type fall under. */
export function coverageTally(documented: DocumentedOperation[]) {
  const operations: OperationCoverage[] = documented.map(
    ({ service, operationId, method, pathTemplate, responses }) => ({
      service,
      operationId,
      method,
      pathTemplate,
      entries: 0,
      cells: responses.flatMap(({ status, contentTypes }) =>
        contentTypes.length === 0
          ? [{ status, entries: 0 }]
          : contentTypes.map((contentType) => ({ status, contentType, entries: 0 })),
      ),
    }),
  );
  const byKey = new Map(operations.map((operation) => [keyOf(operation), operation]));
  return {
    /** Counts the entry; returns the cell it filled (none for an undeclared status or no operation). */
    add(match: OperationMatch | undefined, response: RecordedResponse): CoverageCell | undefined {
      const operation = match && byKey.get(keyOf(match));
      if (!operation) return undefined;
      operation.entries++;
      const declared = Object.fromEntries(operation.cells.map((cell) => [cell.status, true as const]));
      const status = responseKeyFor(declared, response.status);
      const cells = operation.cells.filter((cell) => cell.status === status);
      const types = Object.fromEntries(cells.map((cell) => [cell.contentType ?? '', true]));
      const key = findMediaType(types, headerValue(response.headers, 'content-type'))?.key;
      const cell =
        cells.find((found) => found.contentType === key) ?? cells.find((found) => !found.contentType);
      if (cell) cell.entries++;
      return cell;
    },
    report: () => summarise(operations),
  };
}

function summarise(operations: OperationCoverage[]): CoverageReport {
  const cells = operations.flatMap((operation) => operation.cells);
  return {
    operations,
    coveredCells: cells.filter((cell) => cell.entries > 0).length,
    totalCells: cells.length,
    operationsWithoutEntries: operations.filter((operation) => operation.entries === 0).map(keyOf),
  };
}

/** The coverage of several runs over parts of the same traffic (shards): entry counts add up cell by cell. */
export function mergeCoverage(parts: CoverageReport[]): CoverageReport {
  const merged = new Map<string, OperationCoverage>();
  for (const operation of parts.flatMap((part) => part.operations)) {
    const known = merged.get(keyOf(operation)) ?? { ...operation, entries: 0, cells: [] };
    merged.set(keyOf(operation), known);
    known.entries += operation.entries;
    for (const cell of operation.cells) {
      const same = known.cells.find(
        ({ status, contentType }) => status === cell.status && contentType === cell.contentType,
      );
      if (same) same.entries += cell.entries;
      else known.cells.push({ ...cell });
    }
  }
  return summarise([...merged.values()]);
}
