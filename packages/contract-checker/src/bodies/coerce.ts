import { type OpenApiDocument, schemaShape, schemaTypes } from '@svc-contracts/openapi-utils';

const integerText = /^[+-]?\d+$/;
const keepText = (text: string): string => text;

/** How the text of a parameter, header or form field becomes the JSON value its schema describes, as a typed
 * server reads it (`"42"` is 42 for an integer schema). */
export function scalarCoercion(doc: OpenApiDocument, schema: unknown): (text: string) => unknown {
  const types = schemaTypes(doc, schema);
  if (types.length === 0 || types.includes('string')) return keepText;
  return (text) => {
    if (types.includes('integer') && integerText.test(text)) return Number(text);
    if (types.includes('number') && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
    if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
    if (types.includes('null') && (text === '' || text === 'null')) return null;
    return text;
  };
}

/** Coerces a list of texts (the items of an array parameter) by the schema's `items`, read once. */
export function itemsCoercion(doc: OpenApiDocument, schema: unknown): (texts: string[]) => unknown[] {
  const item = scalarCoercion(doc, schemaShape(doc, schema).items);
  return (texts) => texts.map(item);
}

/** Coerces the fields of an object (form body, deepObject parameter) by the schema's `properties`. */
export function fieldsCoercion(doc: OpenApiDocument, schema: unknown) {
  const coercionOf = (property: unknown): ((texts: string[]) => unknown) => {
    if (schemaTypes(doc, property).includes('array')) return itemsCoercion(doc, property);
    const scalar = scalarCoercion(doc, property);
    return (texts) => scalar(texts[0] ?? '');
  };
  const { properties } = schemaShape(doc, schema);
  const byName = new Map(Object.entries(properties).map(([name, property]) => [name, coercionOf(property)]));
  // A field the schema does not declare keeps its first text.
  const undeclared = coercionOf(undefined);
  return (fields: Map<string, string[]>) => {
    const value: Record<string, unknown> = {};
    for (const [name, texts] of fields) value[name] = (byName.get(name) ?? undeclared)(texts);
    return value;
  };
}

/** {@link fieldsCoercion} giving one object per occurrence of a repeated field that is not an array, so
 * every value sent is held to the rule, not only the first. */
export function fieldsCoercionEach(doc: OpenApiDocument, schema: unknown) {
  const { properties } = schemaShape(doc, schema);
  const coerce = fieldsCoercion(doc, schema);
  const isList = (name: string) =>
    Object.hasOwn(properties, name) && schemaTypes(doc, properties[name]).includes('array');
  return (fields: Map<string, string[]>) => {
    let most = 1;
    for (const [name, texts] of fields) if (texts.length > most && !isList(name)) most = texts.length;
    return Array.from({ length: most }, (_, index) => {
      if (most === 1) return coerce(fields);
      const one = new Map<string, string[]>();
      for (const [name, texts] of fields) {
        one.set(name, isList(name) ? texts : [(texts[index] ?? texts[texts.length - 1]) as string]);
      }
      return coerce(one);
    });
  };
}
