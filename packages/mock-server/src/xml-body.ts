import type { Violation } from './violations.js';

/** The part of `@svc-contracts/xml-validator` the mocks use. */
interface XsdValidatorLike {
  validate(
    xml: string,
    opts?: { fileName?: string },
  ): Promise<{ valid: boolean; issues: Array<{ message: string; path?: string; rule: string }> }>;
  close?(): Promise<void>;
}

type XmlValidatorModule = {
  createXsdValidator(xsdPath: string): Promise<XsdValidatorLike>;
  /** Throws an error with an `issue` when the document is not well-formed or has a DOCTYPE. */
  parseXml(xml: string, options?: { fileName?: string }): unknown;
};

/**
 * In a variable so TypeScript does not resolve the package at compile time: the mocks compile before
 * the XML package is built, and only services with XML bodies need it (it starts a WebAssembly engine).
 */
const xmlValidatorPackage = '@svc-contracts/xml-validator';

export interface XmlBodyCheck {
  xml: string;
  /** Absolute path of the XSD (`x-xsd.schema` resolved against the service folder). */
  xsdPath: string;
  /** `x-xsd.element`: the root element the document must have. */
  element: string | undefined;
  /** Names the document in messages, for example `POST /api/v2/accounts/{accountId}/orders`. */
  label: string;
}

/**
 * Validates XML request bodies against their XSD: Prism cannot (it checks XML as if it were JSON), so
 * the front does it before handing the body to Prism as a plain string.
 */
export class XmlBodyValidator {
  private readonly validators = new Map<string, Promise<XsdValidatorLike>>();
  private engine: Promise<XmlValidatorModule> | undefined;

  async check({ xml, xsdPath, element, label }: XmlBodyCheck): Promise<Violation[]> {
    const validator = await this.validatorFor(xsdPath);
    const result = await validator.validate(xml, { fileName: label });
    const violations: Violation[] = result.issues.map((issue) => {
      const violation: Violation = {
        rule: issue.rule === 'xsd' ? 'request-body-schema' : 'request-body-unparseable',
        message: issue.message,
        side: 'request',
      };
      if (issue.path) violation.pointer = issue.path;
      return violation;
    });
    // An XSD with several global elements accepts any of them as root; the operation wants one.
    const root = rootElementName(xml);
    if (violations.length === 0 && element && root !== undefined && root !== element) {
      violations.push({
        rule: 'request-body-schema',
        message: `${label}: the root element is <${root}>; this operation takes <${element}>.`,
        pointer: `/${root}`,
        side: 'request',
      });
    }
    return violations;
  }

  /** For XML documents without an XSD (`x-xsd: false`): well-formed, and no DOCTYPE. */
  async checkWellFormed(xml: string, label: string): Promise<Violation[]> {
    const engine = await this.loadEngine();
    try {
      engine.parseXml(xml, { fileName: label });
      return [];
    } catch (error) {
      const issue = (error as { issue?: { message: string } }).issue;
      if (!issue) throw error;
      return [{ rule: 'request-body-unparseable', message: issue.message, side: 'request' }];
    }
  }

  /** Compiles the XSDs ahead of the first request, so a broken XSD fails the start, not a request. */
  async preload(xsdPaths: Iterable<string>): Promise<void> {
    await Promise.all([...xsdPaths].map((path) => this.validatorFor(path)));
  }

  async close(): Promise<void> {
    const open = [...this.validators.values()];
    this.validators.clear();
    await Promise.allSettled(open.map(async (pending) => (await pending).close?.()));
  }

  private validatorFor(xsdPath: string): Promise<XsdValidatorLike> {
    let validator = this.validators.get(xsdPath);
    if (!validator) {
      validator = this.loadEngine().then((engine) => engine.createXsdValidator(xsdPath));
      this.validators.set(xsdPath, validator);
    }
    return validator;
  }

  private loadEngine(): Promise<XmlValidatorModule> {
    this.engine ??= (import(xmlValidatorPackage) as Promise<XmlValidatorModule>).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `XML bodies need @svc-contracts/xml-validator (build it: pnpm --filter @svc-contracts/xml-validator build): ${reason}`,
      );
    });
    return this.engine;
  }
}

/** Name of the document element, skipping the prolog, comments and processing instructions. */
export function rootElementName(xml: string): string | undefined {
  const withoutPreamble = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const match = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(withoutPreamble);
  return match?.[2];
}
