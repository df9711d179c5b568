import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { schemaShape, schemaTypes } from '../bodies/coerce.js';
import type { RequestParts } from './request-parts.js';
import type { ResolvedParameter } from './resolve.js';

/** A query parameter's texts by its style: `deepObject` (`name[key]=v`), `form` with `explode` and an object
 * schema (each property its own field), else the fields named as the parameter (`form`, and the delimited
 * styles, split later). */
export function queryReader(
  doc: OpenApiDocument,
  parameter: ResolvedParameter,
): (parts: RequestParts) => string[] | Map<string, string[]> | undefined {
  const { name } = parameter;
  if (parameter.style === 'deepObject') {
    const prefix = `${name}[`;
    return (parts) => {
      const fields = new Map<string, string[]>();
      for (const [key, values] of parts.query) {
        if (key.startsWith(prefix) && key.endsWith(']')) fields.set(key.slice(prefix.length, -1), values);
      }
      return fields.size > 0 ? fields : undefined;
    };
  }
  const exploded = parameter.explode && parameter.style === 'form' && !parameter.contentType;
  if (exploded && schemaTypes(doc, parameter.schema).includes('object')) {
    // form + explode object: each property is its own query parameter.
    const names = Object.keys(schemaShape(doc, parameter.schema).properties);
    return (parts) => {
      const own = parts.query.get(name);
      if (own !== undefined) return own;
      const fields = new Map<string, string[]>();
      for (const property of names) {
        const values = parts.query.get(property);
        if (values) fields.set(property, values);
      }
      return fields.size > 0 ? fields : undefined;
    };
  }
  return (parts) => parts.query.get(name);
}
