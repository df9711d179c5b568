import { createXsdValidator, type XsdValidator } from '@svc-contracts/xml-validator';
import { acceptUnlistedElements } from '@svc-contracts/xsd-model';

/**
 * Resource limits of XML validation. They protect the process, they are not the contract: a document past
 * one is *not judged* (see `scopeCatalogue['resource-limit']`). Unset, the XML validator's defaults hold
 * (10 MiB, 5 s, unlisted elements tolerated up to 1 MiB): safe on a thread that serves requests (the
 * mocks). The CLI raises them ({@link batchXmlLimits}).
 */
export interface XmlLimits {
  /** Largest document validated, in UTF-8 bytes. */
  maxDocumentBytes?: number;
  /** Time budget per document on the engine worker, in ms. */
  timeoutMs?: number;
  /**
   * What a document past a limit is: `not-judged` (a batch check: `checkExchange` rejects with a
   * `CheckLimitError`, the run reports the entry as not judged and exits 2), or, by default, a
   * `*-body-unparseable` violation: a mock refuses what it cannot check with the service's 400.
   */
  pastLimit?: 'violation' | 'not-judged';
}

/** The CLI's limits: a valid document of tens of MiB is judged, with the same tolerance at every size. */
export const batchXmlLimits: XmlLimits = {
  maxDocumentBytes: 256 * 1024 * 1024,
  timeoutMs: 120_000,
  pastLimit: 'not-judged',
};

/**
 * One XSD validator per XSD file for the life of a contract set: compiling an XSD costs far more than
 * validating a document against it, and a mock checks every request. Elements the XSD does not list are
 * accepted (`acceptUnlisted`): the sources list each document's children without closing the list, as a
 * JSON body's members are not closed.
 */
export class XsdCache {
  private readonly validators = new Map<string, Promise<XsdValidator>>();

  constructor(readonly limits: XmlLimits = {}) {}

  get(xsdPath: string): Promise<XsdValidator> {
    let validator = this.validators.get(xsdPath);
    if (!validator) {
      const { maxDocumentBytes, timeoutMs } = this.limits;
      validator = createXsdValidator(xsdPath, {
        acceptUnlisted: acceptUnlistedElements(xsdPath),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        // Raised limits keep the tolerance of unlisted elements at every size they allow.
        ...(maxDocumentBytes === undefined
          ? {}
          : { maxDocumentBytes, acceptUnlistedMaxLength: maxDocumentBytes }),
      });
      this.validators.set(xsdPath, validator);
    }
    return validator;
  }

  /**
   * Closes the validators: they refuse documents from now on. Documents still with the engine are not
   * waited for (their results go to requests nobody answers any more): mocks stopping on Ctrl-C or
   * SIGTERM while a 10 MB hostile order is validated must not wait for it (up to its time budget).
   */
  async close(): Promise<void> {
    const open = [...this.validators.values()];
    this.validators.clear();
    await Promise.allSettled(
      open.map(async (pending) => {
        void (await pending).close();
      }),
    );
  }
}
