import type { DocumentedOperation } from './contract-set.js';
import { findMediaType } from './media-type.js';
import { responseKeyFor } from './response-check.js';
import type { HeaderField, OperationMatch } from './types.js';

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

/**
 * Which documented responses the checked traffic exercised: every operation × declared status × declared
 * content type is a cell; an entry fills the cell its status and Content-Type fall under.
 */
export function computeCoverage(
  operations: DocumentedOperation[],
  samples: CoverageSample[],
): CoverageReport {
  const report: OperationCoverage[] = operations.map((operation) => ({
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
  const byKey = new Map(
    report.map((operation) => [`${operation.service} ${operation.operationId}`, operation]),
  );
  for (const sample of samples) {
    if (!sample.match) continue;
    const operation = byKey.get(`${sample.match.service} ${sample.match.operationId}`);
    if (!operation) continue;
    operation.entries++;
    const statuses = Object.fromEntries(operation.cells.map((cell) => [cell.status, true]));
    const status = responseKeyFor(statuses, sample.status);
    if (status === undefined) continue;
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
  }
  const cells = report.flatMap((operation) => operation.cells);
  return {
    operations: report,
    coveredCells: cells.filter((cell) => cell.entries > 0).length,
    totalCells: cells.length,
    operationsWithoutEntries: report
      .filter((operation) => operation.entries === 0)
      .map((operation) => `${operation.service} ${operation.operationId}`),
  };
}
