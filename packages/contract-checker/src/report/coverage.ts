import { findMediaType } from '@svc-contracts/openapi-utils';
import type { DocumentedOperation } from '../contract/contract-set.js';
import type { HeaderField, OperationMatch } from '../core/types.js';
import { responseKeyFor } from '../responses/response-check.js';

export interface CoverageCell {
  status: string;
  /** Declared response media type; undefined for a response without content. */
  contentType?: string;
  entries: number;
}

export interface OperationCoverage {
  service: string;
  operationId: string;
  method: string;
  pathTemplate: string;
  entries: number;
  cells: CoverageCell[];
}

export interface CoverageReport {
  operations: OperationCoverage[];
  /** Cells (operation × declared status × declared content type) with at least one entry. */
  coveredCells: number;
  totalCells: number;
  /** `service operationId` of documented operations no entry reached. */
  operationsWithoutEntries: string[];
}

export interface CoverageSample {
  match?: OperationMatch;
  status: number;
  responseHeaders: HeaderField[];
}

/** Which documented responses the checked traffic exercised: every operation × declared status × declared
 * content type is a cell; an entry fills the cell its status and Content-Type fall under. */
export class CoverageTally {
  private readonly operations: OperationCoverage[];
  private readonly byKey: Map<string, OperationCoverage>;
  /** Each operation's declared statuses as a responses-like map for responseKeyFor, built once. */
  private readonly statusesOf = new Map<OperationCoverage, Record<string, true>>();

  constructor(operations: DocumentedOperation[]) {
    this.operations = operations.map((operation) => ({
      service: operation.service,
      operationId: operation.operationId,
      method: operation.method,
      pathTemplate: operation.pathTemplate,
      entries: 0,
      cells: operation.responses.flatMap(({ status, contentTypes }) =>
        contentTypes.length === 0
          ? [{ status, entries: 0 }]
          : contentTypes.map((contentType) => ({ status, contentType, entries: 0 })),
      ),
    }));
    for (const operation of this.operations) {
      this.statusesOf.set(
        operation,
        Object.fromEntries(operation.cells.map((cell) => [cell.status, true as const])),
      );
    }
    this.byKey = new Map(
      this.operations.map((operation) => [`${operation.service} ${operation.operationId}`, operation]),
    );
  }

  /** Counts the sample; returns the cell it filled (none for an undeclared status or no operation). */
  add(sample: CoverageSample): CoverageCell | undefined {
    if (!sample.match) return undefined;
    const operation = this.byKey.get(`${sample.match.service} ${sample.match.operationId}`);
    if (!operation) return undefined;
    operation.entries++;
    const status = responseKeyFor(this.statusesOf.get(operation), sample.status);
    if (status === undefined) return undefined;
    const cells = operation.cells.filter((cell) => cell.status === status);
    const contentType = sample.responseHeaders.find(
      (header) => header.name.toLowerCase() === 'content-type',
    )?.value;
    const declared = Object.fromEntries(
      cells.filter((cell) => cell.contentType).map((cell) => [cell.contentType, true]),
    );
    const key = findMediaType(declared, contentType)?.key;
    const cell =
      cells.find((candidate) => candidate.contentType === key) ??
      cells.find((candidate) => !candidate.contentType);
    if (cell) cell.entries++;
    return cell;
  }

  report(): CoverageReport {
    return summarise(this.operations);
  }
}

function summarise(operations: OperationCoverage[]): CoverageReport {
  const cells = operations.flatMap((operation) => operation.cells);
  return {
    operations,
    coveredCells: cells.filter((cell) => cell.entries > 0).length,
    totalCells: cells.length,
    operationsWithoutEntries: operations
      .filter((operation) => operation.entries === 0)
      .map((operation) => `${operation.service} ${operation.operationId}`),
  };
}

/** The coverage of several runs over parts of the same traffic (shards): entry counts add up cell by cell. */
export function mergeCoverage(parts: CoverageReport[]): CoverageReport {
  const merged = new Map<string, OperationCoverage>();
  for (const part of parts) {
    for (const operation of part.operations) {
      const key = `${operation.service} ${operation.operationId}`;
      const known = merged.get(key);
      if (!known) {
        merged.set(key, { ...operation, cells: operation.cells.map((cell) => ({ ...cell })) });
        continue;
      }
      known.entries += operation.entries;
      for (const cell of operation.cells) {
        const same = known.cells.find(
          (candidate) => candidate.status === cell.status && candidate.contentType === cell.contentType,
        );
        if (same) same.entries += cell.entries;
        else known.cells.push({ ...cell });
      }
    }
  }
  return summarise([...merged.values()]);
}
