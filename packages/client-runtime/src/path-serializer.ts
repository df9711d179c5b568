import { defaultPathSerializer } from 'openapi-fetch';

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

/**
 * openapi-fetch's path serializer with each template parsed once: a call fills the placeholders of a
 * template it has seen instead of matching and replacing them again. Anything but a plain `{name}` with a
 * string, number or boolean value (styles, arrays, objects, a missing value) goes to openapi-fetch's own
 * `defaultPathSerializer`, so the URL is always the one openapi-fetch would build.
 */
export function createPathSerializer(): (pathname: string, pathParams: Record<string, unknown>) => string {
  const templates = new Map<string, PlainTemplate | null>();
  return (pathname, pathParams) => {
    let template = templates.get(pathname);
    if (template === undefined) {
      template = compile(pathname);
      if (templates.size < MAX_REMEMBERED) templates.set(pathname, template);
    }
    if (template === null) return defaultPathSerializer(pathname, pathParams);
    const { texts, names } = template;
    let url = texts[0] as string;
    for (let index = 0; index < names.length; index++) {
      const value = pathParams[names[index] as string];
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        return defaultPathSerializer(pathname, pathParams);
      }
      url += encodeURIComponent(value) + (texts[index + 1] as string);
    }
    return url;
  };
}
