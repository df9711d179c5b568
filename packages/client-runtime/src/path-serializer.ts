import { defaultPathSerializer } from 'openapi-fetch';
import { InvalidRequestError } from './errors.js';

/** A segment URL parsers remove or climb with (`.`, `..`, and their percent-encoded spellings `%2e`, `.%2E`,
 * `%2e%2e`: the WHATWG URL parser treats those as dot segments too, so encoding the dots does not help). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Refuses a path parameter whose value would change which path the request goes to. */
function checkSegment(name: string, encoded: string): void {
  if (encoded === '' || DOT_SEGMENT.test(encoded)) {
    throw new InvalidRequestError(
      `path parameter ${name} is ${JSON.stringify(decodeURIComponent(encoded))}: it would change the path the request goes to; the request was not sent.`,
    );
  }
}

/** openapi-fetch's `defaultPathSerializer` for what the fast path does not take (label and matrix styles,
 * arrays, objects), held to the same rule: no placeholder left unfilled, no dot segment made. */
function checkedDefault(pathname: string, pathParams: Record<string, unknown>): string {
  const url = defaultPathSerializer(pathname, pathParams);
  const left = /\{([^{}]+)\}/.exec(url);
  if (left) {
    throw new InvalidRequestError(
      `path parameter ${left[1]} is missing: the request was not sent (openapi-fetch would send {${left[1]}} literally).`,
    );
  }
  const templateSegments = pathname.split('/');
  url.split('/').forEach((segment, index) => {
    // Only segments a parameter filled can be refused: the template's own are the spec's.
    if (templateSegments[index] !== segment && DOT_SEGMENT.test(segment)) checkSegment('value', segment);
  });
  return url;
}

/** A path whose placeholders are all plain `{name}`: the text around them, and their names in order. */
interface PlainTemplate {
  texts: string[];
  names: string[];
}

const PLACEHOLDER = /\{([^{}]+)\}/g;
/** Paths come from the spec (one per operation); the bound only matters for odd `raw` calls. */
const MAX_REMEMBERED = 1_000;

/** The template split around its placeholders, or `null` when one is not plain (label, matrix, explode). */
function compile(pathname: string): PlainTemplate | null {
  const texts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of pathname.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (name.startsWith('.') || name.startsWith(';') || name.endsWith('*')) return null;
    texts.push(pathname.slice(last, match.index));
    names.push(name);
    last = match.index + match[0].length;
  }
  texts.push(pathname.slice(last));
  return { texts, names };
}

/** openapi-fetch's path serializer with each template parsed once: a call fills the placeholders of a
 * template it has seen instead of matching and replacing them again. */
export function createPathSerializer(): (pathname: string, pathParams: Record<string, unknown>) => string {
  const templates = new Map<string, PlainTemplate | null>();
  return (pathname, pathParams) => {
    let template = templates.get(pathname);
    if (template === undefined) {
      template = compile(pathname);
      if (templates.size < MAX_REMEMBERED) templates.set(pathname, template);
    }
    if (template === null) return checkedDefault(pathname, pathParams);
    const { texts, names } = template;
    let url = texts[0] as string;
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      const value = pathParams[name];
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        return checkedDefault(pathname, pathParams);
      }
      const encoded = encodeURIComponent(value);
      checkSegment(name, encoded);
      url += encoded + (texts[index + 1] as string);
    }
    return url;
  };
}
