import { fileURLToPath } from 'node:url';
import { createXsdValidator, validateAgainstAny, type XsdValidator } from '@svc-contracts/xml-validator';
import { acceptUnlistedElements } from '@svc-contracts/xsd-model';
import type { XmlDocumentDescriptor } from './descriptor.js';
import { XmlDocumentError } from './errors.js';

// The XSDs ship in the package's `xsd/` folder (copied there by the generator); this module sits two
// levels below the package folder both in src/ and in dist/.
const packageRoot = new URL('../../', import.meta.url);

const validators = new Map<string, Promise<XsdValidator>>();
/** The validators of `validators` that are ready: a document sent costs microseconds, without waiting on one. */
const ready = new Map<string, XsdValidator>();

/** Validates a document against its XSD; throws {@link XmlDocumentError} listing every issue. */
export async function assertValid(
  descriptor: XmlDocumentDescriptor,
  xml: string,
  fileName: string,
): Promise<void> {
  const validator = ready.get(descriptor.xsd) ?? (await validatorFor(descriptor.xsd));
  const { valid, issues } = await validator.validate(xml, { fileName });
  if (!valid)
    throw new XmlDocumentError(
      `${fileName}: the ${descriptor.root} document is not valid against ${descriptor.xsd}.`,
      issues,
    );
}

/**
 * Validates a document against alternative schemas (the E.164 and LEGACY notification, `x-xsd.schema`
 * and `legacySchema`): valid against either passes, through the same `validateAgainstAny` as the
 * contract checker and the mocks. Throws {@link XmlDocumentError} with the issues of the first schema.
 */
export async function assertValidAgainstAny(
  descriptors: readonly XmlDocumentDescriptor[],
  xml: string,
  fileName: string,
): Promise<void> {
  const validators = await Promise.all(descriptors.map((descriptor) => validatorFor(descriptor.xsd)));
  const { valid, issues } = await validateAgainstAny(validators, xml, { fileName });
  const [first] = descriptors;
  if (!valid && first !== undefined)
    throw new XmlDocumentError(
      `${fileName}: the ${first.root} document is not valid against ${descriptors.map((descriptor) => descriptor.xsd).join(' or ')}.`,
      issues,
    );
}

/** Releases the XSD engine (validators are created again on next use). Forgetting it never hangs the process. */
export async function closeXmlValidators(): Promise<void> {
  const open = [...validators.values()];
  validators.clear();
  ready.clear();
  await Promise.all(open.map(async (pending) => (await pending.catch(() => undefined))?.close()));
}

function validatorFor(xsd: string): Promise<XsdValidator> {
  let validator = validators.get(xsd);
  if (validator === undefined) {
    const path = fileURLToPath(new URL(xsd, packageRoot));
    // Elements the XSD does not list are accepted (a service's answer or callback may carry more than
    // the source shows); the listed ones keep every rule.
    validator = createXsdValidator(path, { acceptUnlisted: acceptUnlistedElements(path) });
    // A schema that failed to load is not cached, so a later call reports the problem again.
    validator.then(
      (loaded) => {
        if (validators.get(xsd) === validator) ready.set(xsd, loaded);
      },
      () => validators.delete(xsd),
    );
    validators.set(xsd, validator);
  }
  return validator;
}
