import { type ContractSet, loadContracts } from '@svc-contracts/contract-checker';
import { JsonCheckWorker } from './json-check-worker.js';
import { MockService, type MockServiceOptions } from './mock-service.js';
import { bundleService, type ServiceSource, SpecError } from './services.js';

/** How long a replaced contract set stays open for the requests that were using it. */
const retireAfterMs = 10_000;

/** What `MockSet.reload` answers: the service now served, and how long the reload took. */
export interface ReloadResult {
  name: string;
  milliseconds: number;
}

/** Reloads running mocks in place (`pnpm dev`): a service's spec is bundled and compiled again and its server
 * answers from the new one from the next request on, on the same port; the others are untouched. */
export class MockReloader {
  private readonly own = new Map<string, Loaded>();
  private readonly queue = new Map<string, Promise<unknown>>();
  private readonly retiring = new Map<Loaded, NodeJS.Timeout>();

  constructor(
    private readonly configPath: string,
    private readonly sources: readonly ServiceSource[],
    private readonly options: MockServiceOptions,
    /** Puts the new service in place (the server reads it per request). */
    private readonly swap: (name: string, service: MockService) => void,
  ) {}

  /** One reload at a time per service, in the order asked. */
  reload(name: string): Promise<ReloadResult> {
    const previous = this.queue.get(name) ?? Promise.resolve();
    const next = previous.then(
      () => this.load(name),
      () => this.load(name),
    );
    this.queue.set(name, next);
    return next;
  }

  private async load(name: string): Promise<ReloadResult> {
    const started = performance.now();
    const source = this.sources.find((candidate) => candidate.name === name);
    if (!source) {
      const served = this.sources.map((candidate) => candidate.name).join(', ');
      throw new SpecError(`"${name}" is not served by these mocks (they serve ${served}).`);
    }
    let jsonChecks: JsonCheckWorker | undefined;
    const [contracts, bundled] = await Promise.all([
      loadContracts({ configPath: this.configPath, specs: [source] }),
      bundleService(this.configPath, source).catch((error: unknown) => error as Error),
    ]);
    try {
      if (contracts.problems.length > 0) {
        throw new SpecError(`The ${name} spec does not load:\n  ${contracts.problems.join('\n  ')}`);
      }
      if (bundled instanceof Error) throw bundled;
      // Large JSON bodies are checked off the serving thread against the reloaded spec too.
      jsonChecks = new JsonCheckWorker({ configPath: this.configPath, specs: [source] });
      const service = await MockService.create(bundled, contracts, this.options, jsonChecks);
      this.swap(name, service);
    } catch (error) {
      await Promise.all([contracts.close(), jsonChecks?.close()]);
      throw error;
    }
    const replaced = this.own.get(name);
    this.own.set(name, { contracts, jsonChecks });
    // A request still being answered may use the replaced set's XML engines: they close a little later.
    if (replaced) this.retire(replaced);
    return { name, milliseconds: performance.now() - started };
  }

  private retire(loaded: Loaded): void {
    const timer = setTimeout(() => {
      this.retiring.delete(loaded);
      void close(loaded);
    }, retireAfterMs);
    timer.unref();
    this.retiring.set(loaded, timer);
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.queue.values());
    for (const timer of this.retiring.values()) clearTimeout(timer);
    const all = [...this.own.values(), ...this.retiring.keys()];
    this.own.clear();
    this.retiring.clear();
    await Promise.all(all.map(close));
  }
}

/** A reloaded service's contracts, and the thread checking its large JSON bodies against them. */
interface Loaded {
  contracts: ContractSet;
  jsonChecks: JsonCheckWorker;
}

async function close({ contracts, jsonChecks }: Loaded): Promise<void> {
  await Promise.all([contracts.close(), jsonChecks.close()]);
}
