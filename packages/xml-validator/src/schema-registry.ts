import { createHash } from 'node:crypto';
import { type EngineCore, type EngineVerdict, loadEngineCore } from './engine-core.js';
import { XsdLoadError } from './errors.js';
import type { SchemaBundle } from './schema-files.js';
import { type EngineFailure, WorkerEngine, type WorkerJob } from './worker-engine.js';

/** The compiled schemas of the process and the two engines that hold them: libxml2 on this thread (small
 * documents, microseconds each) and the engine worker (large documents, off this thread, with a time
 * budget). */
export class SchemaRegistry {
  private readonly schemaIds = new Map<string, Promise<string>>();
  private nextId = 1;
  /** Set when libxml2 failed on this thread: its memory may be damaged, so the worker takes over. */
  private inlineBroken = false;
  /** The engine of this thread, once loaded (see validateInlineNow). */
  private loadedCore: EngineCore | undefined;

  constructor(
    private readonly worker: WorkerEngine = new WorkerEngine(),
    private readonly core: () => Promise<EngineCore> = loadEngineCore,
  ) {}

  /** Compiles the schema (unless one with the same files is resident) and returns its id. */
  acquire(bundle: SchemaBundle, xsdPath: string): Promise<string> {
    const key = contentKey(bundle);
    let id = this.schemaIds.get(key);
    if (id === undefined) {
      id = this.compile(bundle, xsdPath);
      this.schemaIds.set(key, id);
      // A schema that failed to compile is not remembered: a fixed file is compiled again.
      id.catch(() => this.schemaIds.delete(key));
    }
    return id;
  }

  /** Validates on this thread; after a failure of the engine here, on the worker within `job.timeoutMs`. */
  async validateInline(job: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    if (this.inlineBroken) return this.worker.validate(job);
    this.loadedCore ??= await this.core();
    return this.validateInlineNow(job) ?? this.worker.validate(job);
  }

  /** Validates on this thread, synchronously, once the engine of this thread is loaded (undefined before, and
   * after a failure of the engine here: then {@link validateInline} sends the document to the worker). */
  validateInlineNow(job: WorkerJob): EngineVerdict | EngineFailure | undefined {
    const core = this.loadedCore;
    if (this.inlineBroken || core === undefined) return undefined;
    try {
      return core.judgeDocument(job.schemaId, job.xml, job);
    } catch (error) {
      this.inlineBroken = true;
      return { kind: 'engine-failure', reason: `the engine crashed (${(error as Error).message})` };
    }
  }

  validateOnWorker(job: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    return this.worker.validate(job);
  }

  /** Stops the engine worker (tests); compiled schemas on this thread stay. */
  shutdownWorker(): Promise<void> {
    return this.worker.shutdown();
  }

  private async compile(bundle: SchemaBundle, xsdPath: string): Promise<string> {
    const id = `schema-${this.nextId++}`;
    const core = await this.core();
    this.loadedCore ??= core;
    const result = core.compileSchema(id, bundle);
    if (!result.ok) {
      // Longest names first, so that `schema/a/b.xsd` is not rewritten through `schema/a`.
      const virtualNames = bundle.files.map((file) => file.fileName).sort((a, b) => b.length - a.length);
      const named = (text: string) =>
        virtualNames.reduce((result, name) => result.split(name).join(bundle.displayPathOf(name)), text);
      const details = result.errors.map((error) => {
        const file = error.file === undefined ? undefined : bundle.displayPathOf(error.file);
        const location = [file, error.line === undefined ? undefined : `line ${error.line}`]
          .filter((part) => part !== undefined)
          .join(', ');
        return location === '' ? named(error.message) : `${location}: ${named(error.message)}`;
      });
      throw new XsdLoadError(`XSD file ${xsdPath} does not compile:\n  ${details.join('\n  ')}`, xsdPath);
    }
    this.worker.registerSchema(id, bundle);
    return id;
  }
}

function contentKey(bundle: SchemaBundle): string {
  const hash = createHash('sha256').update(bundle.entryFileName);
  for (const file of bundle.files) hash.update(`\0${file.fileName}\0${file.contents}`);
  return hash.digest('hex');
}

let shared: SchemaRegistry | undefined;

/** The process-wide registry: one engine worker and one set of compiled schemas for every validator. */
export function sharedSchemaRegistry(): SchemaRegistry {
  shared ??= new SchemaRegistry();
  return shared;
}
