import { isAbsolute } from 'node:path';
import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, isNonEmptyString, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.xsd;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** `x-xsd` on an XML media type: the XSD its body validates against. */
export interface XsdReference {
  /** Path of the .xsd file, relative to the service folder. */
  schema: string;
  /** Name of the root element (absent only in the best value of a malformed `x-xsd`). */
  element?: string;
  /** The XSD of the LEGACY number format variant (numbers' notification), when there is one. */
  legacySchema?: string;
  /** `open`: a document of another root element is only checked for well-formedness. */
  otherRoots?: 'open';
}

/** The XSD paths of an `x-xsd`: `schema`, and `legacySchema` if present. */
export const XSD_PATH_FIELDS = ['schema', 'legacySchema'] as const;

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

/** `x-xsd` on a media type object, or `false` (the source leaves the XML open); a malformed one naming a `schema` keeps it. */
export function readXsd(media: unknown, mediaType?: string): Read<XsdReference | false> {
  const raw = rawOf(media, KEY);
  if (raw === undefined) return NOTHING;
  if (raw === false) return { value: false, problems: [] };
  const problem = shapeProblem(raw);
  const value: XsdReference | undefined =
    isObject(raw) && typeof raw.schema === 'string'
      ? {
          schema: raw.schema,
          ...(typeof raw.element === 'string' ? { element: raw.element } : {}),
          ...(typeof raw.legacySchema === 'string' ? { legacySchema: raw.legacySchema } : {}),
          ...(raw.otherRoots === 'open' ? { otherRoots: 'open' as const } : {}),
        }
      : undefined;
  if (problem === undefined) return { value, problems: [] };
  return {
    value,
    problems: [
      {
        at: [KEY],
        message: `\`x-xsd\`${mediaType === undefined ? '' : ` on ${mediaType}`} must be \`{schema: <.xsd path relative to the service folder>, element: <root element>}\` (optionally \`legacySchema\`, \`otherRoots: open\`), or \`false\`: ${problem}.`,
      },
    ],
  };
}

/** Every well-formed `x-xsd` object anywhere under `node`, with the pointer of the object holding it (in document order; bounded depth). */
export function xsdReferencesIn(
  node: unknown,
  maxDepth = 64,
): Array<XsdReference & { element: string; pointer: string }> {
  const found: Array<XsdReference & { element: string; pointer: string }> = [];
  const visit = (value: unknown, depth: number, pointer: string): void => {
    if (depth > maxDepth) return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, depth + 1, `${pointer}/${index}`);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === KEY) {
        const read = readXsd(value);
        if (read.value && read.value.element !== undefined && read.problems.length === 0)
          found.push({ ...read.value, element: read.value.element, pointer });
      } else visit(child, depth + 1, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(node, 0, '');
  return found;
}
