import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readXsd, XSD_PATH_FIELDS } from '@svc-contracts/contract-model';
import { isObject, isXmlMediaType } from '@svc-contracts/openapi-utils';

/** Where `x-xsd.schema` paths are resolved: a directory, or a function of the linted document's source (file
 * path or URL, null for an in-memory document) returning one. Returning null skips the check. Default: the
 * directory of the linted document, which is the service folder for `specs/<service>/openapi.yaml`. */
export type XsdBaseDirectory = string | ((documentSource: string | null) => string | null | undefined);

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

function baseDirectoryFor(option: XsdBaseDirectory | undefined, source: string | null): string | null {
  if (typeof option === 'string') return option;
  if (typeof option === 'function') return option(source) ?? null;
  if (source === null || URL_LIKE.test(source)) return null;
  return dirname(source);
}

function createXmlXsdFunction(xsdBaseDirectory: XsdBaseDirectory | undefined) {
  return createRulesetFunction<Record<string, unknown>, null>(
    { input: { type: 'object' }, options: null },
    (content, _options, context): IFunctionResult[] => {
      const results: IFunctionResult[] = [];
      for (const [mediaType, media] of Object.entries(content)) {
        if (!isXmlMediaType(mediaType) || !isObject(media)) continue;
        const mediaPath = [...context.path, mediaType];
        const { value: xsd, problems } = readXsd(media, mediaType);
        // `x-xsd: false` says so explicitly: the source leaves this XML document open, there is no XSD.
        if (xsd === false) continue;
        if (problems.length > 0) {
          for (const { at, message } of problems) results.push({ message, path: [...mediaPath, ...at] });
          continue;
        }
        if (xsd === undefined) {
          results.push({
            message: `The XML media type ${mediaType} has no \`x-xsd\`: name the XSD its body must validate against, for example \`x-xsd: {schema: xsd/order.xsd, element: Order}\` (path relative to the service folder), or write \`x-xsd: false\` if the source leaves the document open.`,
            path: mediaPath,
          });
          continue;
        }
        const base = baseDirectoryFor(xsdBaseDirectory, context.document.source);
        if (base === null) continue;
        for (const field of XSD_PATH_FIELDS) {
          const file = xsd[field];
          if (typeof file !== 'string' || existsSync(resolve(base, file))) continue;
          results.push({
            message: `\`x-xsd.${field}\` \`${file}\` does not exist in the service folder (${relative(process.cwd(), base) || '.'}): fix the path or add the XSD.`,
            path: [...mediaPath, EXTENSION.xsd, field],
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
