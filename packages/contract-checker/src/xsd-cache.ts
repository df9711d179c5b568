/** The part of `@svc-contracts/xml-validator` the checker uses. */
export interface XmlIssueLike {
  message: string;
  line?: number;
  column?: number;
  path?: string;
  rule: string;
}

export interface XsdValidatorLike {
  validate(xml: string, opts?: { fileName?: string }): Promise<{ valid: boolean; issues: XmlIssueLike[] }>;
  close?(): Promise<void>;
}

type XmlValidatorModule = { createXsdValidator(xsdPath: string): Promise<XsdValidatorLike> };

/**
 * Held in a variable so TypeScript does not resolve it at compile time: the checker compiles (and checks
 * JSON) before the XML package is built; the shape it needs is declared above.
 */
const xmlValidatorPackage = '@svc-contracts/xml-validator';

/**
 * One XSD validator per XSD file for the life of a contract set. The XML engine is imported only when a
 * spec has an XML body, so JSON-only users do not pay for (or need a build of) the XML package.
 */
export class XsdCache {
  private readonly validators = new Map<string, Promise<XsdValidatorLike>>();
  private engine: Promise<XmlValidatorModule> | undefined;

  get(xsdPath: string): Promise<XsdValidatorLike> {
    let validator = this.validators.get(xsdPath);
    if (!validator) {
      this.engine ??= import(xmlValidatorPackage).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `XML bodies need @svc-contracts/xml-validator (build it: pnpm --filter @svc-contracts/xml-validator build): ${reason}`,
        );
      }) as Promise<XmlValidatorModule>;
      validator = this.engine.then((engine) => engine.createXsdValidator(xsdPath));
      this.validators.set(xsdPath, validator);
    }
    return validator;
  }

  async close(): Promise<void> {
    const open = [...this.validators.values()];
    this.validators.clear();
    await Promise.allSettled(open.map(async (pending) => (await pending).close?.()));
  }
}
