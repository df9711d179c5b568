import { type OpenApiDocument, schemaShape, schemaTypes } from '@svc-contracts/openapi-utils';

/**
 * Turns the text of a parameter, header or form field into the JSON value its schema describes, the way a
 * typed server would read it: `"42"` becomes 42 for an integer schema, `"true"` becomes true for a boolean.
 * Text that does not read as the schema's type stays a string, so the schema check reports the type
 * mismatch (`must be integer`) instead of the coercion hiding it. A schema that allows strings keeps the
 * text as it is.
 */
export function coerceScalar(doc: OpenApiDocument, schema: unknown, text: string): unknown {
  const types = schemaTypes(doc, schema);
  if (types.length === 0 || types.includes('string')) return text;
  if (types.includes('integer') && /^[+-]?\d+$/.test(text)) return Number(text);
  if (types.includes('number') && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && (text === '' || text === 'null')) return null;
  return text;
}

/** Coerces a list of texts (the items of an array parameter) by the schema's `items`. */
export function coerceItems(doc: OpenApiDocument, schema: unknown, texts: string[]): unknown[] {
  const { items } = schemaShape(doc, schema);
  return texts.map((text) => coerceScalar(doc, items, text));
}

/** Coerces the fields of an object (form body, deepObject parameter) by the schema's `properties`. */
export function coerceFields(
  doc: OpenApiDocument,
  schema: unknown,
  fields: Map<string, string[]>,
): Record<string, unknown> {
  const { properties } = schemaShape(doc, schema);
  const value: Record<string, unknown> = {};
  for (const [name, texts] of fields) {
    const propertySchema = properties[name];
    if (schemaTypes(doc, propertySchema).includes('array'))
      value[name] = coerceItems(doc, propertySchema, texts);
    else value[name] = coerceScalar(doc, propertySchema, texts[0] ?? '');
  }
  return value;
}
