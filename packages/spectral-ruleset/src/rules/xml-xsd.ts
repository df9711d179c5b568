import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject, isXmlMediaType } from '@svc-contracts/openapi-utils';
import { isNonEmptyString } from '../lib/json.js';

/**
 * Where `x-xsd.schema` paths are resolved: a directory, or a function of the linted document's source
 * (file path or URL, null for an in-memory document) returning one. Returning null skips the check.
 * Default: the directory of the linted document, which is the service folder for `specs/<service>/openapi.yaml`.
 */
export type XsdBaseDirectory = string | ((documentSource: string | null) => string | null | undefined);

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function baseDirectoryFor(option: XsdBaseDirectory | undefined, source: string | null): string | null {
  if (typeof option === 'string') return option;
  if (typeof option === 'function') return option(source) ?? null;
  if (source === null || URL_LIKE.test(source)) return null;
  return dirname(source);
}

/** The XSD paths of an `x-xsd`: `schema`, and `legacySchema` (the LEGACY number format variant) if present. */
const PATH_FIELDS = ['schema', 'legacySchema'] as const;

function pathProblem(field: string, value: unknown): string | undefined {
  if (!isNonEmptyString(value) || !value.endsWith('.xsd'))
    return `\`${field}\` must be the path of an .xsd file`;
  if (isAbsolute(value) || URL_LIKE.test(value))
    return `\`${field}\` must be a path relative to the service folder`;
  return undefined;
}

function shapeProblem(xsd: unknown): string | undefined {
  if (!isObject(xsd)) return 'it is not an object';
  const schemaProblem = pathProblem('schema', xsd.schema);
  if (schemaProblem !== undefined) return schemaProblem;
  if (xsd.legacySchema !== undefined) {
    const legacyProblem = pathProblem('legacySchema', xsd.legacySchema);
    if (legacyProblem !== undefined) return legacyProblem;
  }
  if (!isNonEmptyString(xsd.element) || !XML_NAME.test(xsd.element)) {
    return '`element` must be the name of the root element';
  }
  if (xsd.otherRoots !== undefined && xsd.otherRoots !== 'open') {
    return '`otherRoots`, when present, must be `open` (a document of another root element is only checked for well-formedness)';
  }
  return undefined;
}

function createXmlXsdFunction(xsdBaseDirectory: XsdBaseDirectory | undefined) {
  return createRulesetFunction<Record<string, unknown>, null>(
    { input: { type: 'object' }, options: null },
    (content, _options, context): IFunctionResult[] => {
      const results: IFunctionResult[] = [];
      for (const [mediaType, media] of Object.entries(content)) {
        if (!isXmlMediaType(mediaType) || !isObject(media)) continue;
        const mediaPath = [...context.path, mediaType];
        const xsd = media['x-xsd'];
        // `x-xsd: false` says so explicitly: the source leaves this XML document open, there is no XSD.
        if (xsd === false) continue;
        if (xsd === undefined) {
          results.push({
            message: `The XML media type ${mediaType} has no \`x-xsd\`: name the XSD its body must validate against, for example \`x-xsd: {schema: xsd/order.xsd, element: Order}\` (path relative to the service folder), or write \`x-xsd: false\` if the source leaves the document open.`,
            path: mediaPath,
          });
          continue;
        }
        const problem = shapeProblem(xsd);
        if (problem !== undefined || !isObject(xsd)) {
          results.push({
            message: `\`x-xsd\` on ${mediaType} must be \`{schema: <.xsd path relative to the service folder>, element: <root element>}\` (optionally \`legacySchema\`, \`otherRoots: open\`), or \`false\`: ${problem ?? 'invalid'}.`,
            path: [...mediaPath, 'x-xsd'],
          });
          continue;
        }
        const base = baseDirectoryFor(xsdBaseDirectory, context.document.source);
        if (base === null) continue;
        for (const field of PATH_FIELDS) {
          const file = xsd[field];
          if (typeof file !== 'string' || existsSync(resolve(base, file))) continue;
          results.push({
            message: `\`x-xsd.${field}\` \`${file}\` does not exist in the service folder (${relative(process.cwd(), base) || '.'}): fix the path or add the XSD.`,
            path: [...mediaPath, 'x-xsd', field],
          });
        }
      }
      return results;
    },
  );
}

export function xmlXsdRules(xsdBaseDirectory: XsdBaseDirectory | undefined): Record<string, RuleDefinition> {
  return {
    'svc-xml-xsd': {
      description:
        'Every XML media type (application/xml, text/xml, +xml) names its XSD with `x-xsd: {schema, element}` (and the file exists), or says `x-xsd: false` when the source leaves the document open.',
      message: '{{error}}',
      severity: 'error',
      formats: [oas3],
      given: '$..content',
      then: { function: createXmlXsdFunction(xsdBaseDirectory) },
    },
  };
}
