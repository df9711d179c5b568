import { resolve } from 'node:path';
import type {
  ValidateOptions,
  XmlDocumentInput,
  XmlValidationResult,
  XsdValidator,
} from '@svc-contracts/xml-validator';
import { XsdCache } from './xsd-cache.js';

/**
 * The XSD cache of a load through the set-up cache (contract-cache.ts). It records the XSDs the contracts
 * use, which are inputs of the cache. And when the cache is read, the XSDs it saw compile are compiled
 * when first used instead of at load: their files are unchanged, so they compile again, and starting the
 * XML engine is otherwise the larger part of a warm set-up, paid even when no XML is ever checked.
 */
export class SetupXsdCache extends XsdCache {
  /** Absolute paths of the XSDs asked for. */
  readonly used = new Set<string>();
  private readonly deferred = new Set<string>();
  private readonly placeholders = new Map<string, DeferredXsdValidator>();

  /** XSDs known to compile: `get` answers at once for them, and compiles on first validation. */
  compileOnFirstUse(paths: Iterable<string>): void {
    for (const path of paths) this.deferred.add(path);
  }

  override get(xsdPath: string): Promise<XsdValidator> {
    const path = resolve(xsdPath);
    this.used.add(path);
    if (!this.deferred.has(path)) return super.get(xsdPath);
    let placeholder = this.placeholders.get(path);
    if (!placeholder) {
      placeholder = new DeferredXsdValidator(xsdPath, () => super.get(xsdPath));
      this.placeholders.set(path, placeholder);
    }
    return Promise.resolve(placeholder);
  }

  /** The XSDs asked for that compiled (or are known to), once every compile has settled. */
  async compiledXsds(): Promise<string[]> {
    const outcomes = await Promise.all(
      [...this.used].map((path) =>
        this.get(path).then(
          () => path,
          () => undefined,
        ),
      ),
    );
    return outcomes.filter((path) => path !== undefined);
  }

  override async close(): Promise<void> {
    for (const placeholder of this.placeholders.values()) await placeholder.close();
    this.placeholders.clear();
    await super.close();
  }
}

class DeferredXsdValidator implements XsdValidator {
  private loading: Promise<XsdValidator> | undefined;
  private closed = false;

  constructor(
    readonly xsdPath: string,
    private readonly load: () => Promise<XsdValidator>,
  ) {}

  async validate(xml: string, opts?: ValidateOptions): Promise<XmlValidationResult> {
    return (await this.compiled()).validate(xml, opts);
  }

  async validateMany(docs: readonly XmlDocumentInput[]): Promise<XmlValidationResult[]> {
    return (await this.compiled()).validateMany(docs);
  }

  /** Refuses documents from now on; the validator compiled for it, if any, is the XSD cache's to close. */
  async close(): Promise<void> {
    this.closed = true;
  }

  private compiled(): Promise<XsdValidator> {
    if (this.closed) return Promise.reject(new Error(`The validator for ${this.xsdPath} is closed.`));
    this.loading ??= this.load();
    return this.loading;
  }
}
