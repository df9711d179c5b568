import { XsdLoadError } from './errors.js';
import type { XmlValidationResult } from './types.js';
import type { XmllintEngine } from './xmllint-engine.js';
import type { ExecuteXmllint, NamedDocument } from './xmllint-schema-run.js';

type RunDocuments = (
  documents: readonly NamedDocument[],
  execute: ExecuteXmllint,
) => Promise<Array<XmlValidationResult | Error>>;

interface PendingDocument {
  document: NamedDocument;
  resolve: (result: XmlValidationResult) => void;
  reject: (error: Error) => void;
}

/**
 * Collects documents submitted for one schema and validates all that are waiting when the engine gets to
 * them in one engine run. An idle engine starts on the next microtask, so a lone call waits for nothing,
 * and calls made while the engine is busy ride together in the next run.
 */
export class DocumentBatcher {
  private pending: PendingDocument[] = [];
  private drainScheduled = false;

  constructor(
    private readonly engine: XmllintEngine,
    private readonly runDocuments: RunDocuments,
    private readonly maxBatchSize: number,
  ) {}

  submit(document: NamedDocument): Promise<XmlValidationResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ document, resolve, reject });
      this.scheduleDrain();
    });
  }

  /** Resolves when everything submitted so far has been judged. */
  async idle(): Promise<void> {
    await this.engine.exclusive(async () => undefined);
  }

  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    void this.engine.exclusive((execute) => this.drain(execute));
  }

  private async drain(execute: ExecuteXmllint): Promise<void> {
    this.drainScheduled = false;
    const batch = this.pending.splice(0, this.maxBatchSize);
    if (this.pending.length > 0) this.scheduleDrain();
    if (batch.length === 0) return;
    try {
      const outcomes = await this.runDocuments(
        batch.map((item) => item.document),
        execute,
      );
      for (const [index, item] of batch.entries()) settle(item, outcomes[index]);
    } catch (error) {
      await this.retryOneByOne(batch, error, execute);
    }
  }

  /**
   * A run that failed as a whole (engine out of memory, crash) is retried document by document, so one
   * pathological document fails alone. A schema error would fail every run, so it is not retried.
   */
  private async retryOneByOne(
    batch: PendingDocument[],
    error: unknown,
    execute: ExecuteXmllint,
  ): Promise<void> {
    if (batch.length === 1 || error instanceof XsdLoadError) {
      for (const item of batch) item.reject(asError(error));
      return;
    }
    for (const item of batch) {
      try {
        const [outcome] = await this.runDocuments([item.document], execute);
        settle(item, outcome);
      } catch (singleError) {
        item.reject(asError(singleError));
      }
    }
  }
}

function settle(item: PendingDocument, outcome: XmlValidationResult | Error | undefined): void {
  if (outcome instanceof Error) item.reject(outcome);
  else if (outcome === undefined) item.reject(new Error('The XSD engine returned no result for a document.'));
  else item.resolve(outcome);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
