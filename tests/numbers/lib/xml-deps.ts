/**
 * fast-xml-parser in its order-preserving mode, loaded from the `@svc-contracts/xml-validator`
 * workspace package, which depends on it (the repository root does not). When these helpers move into
 * a package, replace this file with a plain import.
 */
import { createRequire } from 'node:module';

const requireFromXmlValidator = createRequire(
  new URL('../../../packages/xml-validator/package.json', import.meta.url),
);

/** A node of fast-xml-parser's `preserveOrder` output: one tag name key, plus `:@` for attributes. */
export type OrderedNode = Record<string, unknown>;

export interface XmlParser {
  parse(xml: string): OrderedNode[];
}

interface FastXmlParserModule {
  XMLParser: new (options: Record<string, unknown>) => XmlParser;
}

const fxp = requireFromXmlValidator('fast-xml-parser') as FastXmlParserModule;

/** A parser that keeps element order and every value as a string (`+14155550100` stays a string). */
export function orderedParser(): XmlParser {
  return new fxp.XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
  });
}
