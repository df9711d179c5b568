import { createXsdValidator, type XsdValidator } from '@svc-contracts/xml-validator';
import { acceptUnlistedElements } from '@svc-contracts/xsd-model';
import type { XmlLimits } from '../core/limits.js';

export type XsdCache = ReturnType<typeof xsdCache>;

/** One XSD validator per XSD file for the life of a contract set: compiling an XSD costs far more than
 * validating a document against it, and a mock checks every request. */
export function xsdCache(limits: XmlLimits = {}) {
  const validators = new Map<string, Promise<XsdValidator>>();
  return {
    limits,
    get(xsdPath: string): Promise<XsdValidator> {
      let validator = validators.get(xsdPath);
      if (!validator) {
        const { maxDocumentBytes, timeoutMs } = limits;
        validator = createXsdValidator(xsdPath, {
          acceptUnlisted: acceptUnlistedElements(xsdPath),
          timeoutMs,
          maxDocumentBytes,
          // Raised limits keep the tolerance of unlisted elements at every size they allow.
          acceptUnlistedMaxLength: maxDocumentBytes,
        });
        validators.set(xsdPath, validator);
      }
      return validator;
    },
    /** Closes the validators: they refuse documents from now on. */
    async close(): Promise<void> {
      const open = [...validators.values()];
      validators.clear();
      await Promise.allSettled(open.map(async (pending) => void (await pending).close()));
    },
  };
}
