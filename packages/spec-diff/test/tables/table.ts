// The table tests' shape: each family lists given/want rows, a base/revision fixture pair and the ids it must
// emit (exactly, in any order). catalogue.test.ts checks that the rows together cover every catalogue id.
import { type Change, diffSpecs, diffXsd, type XsdRole } from '../../src/index.js';

export type Doc = Record<string, unknown>;

export type Given =
  | { openapi: [before: Doc, after: Doc] }
  | { xsd: [before: string, after: string]; role: XsdRole };

export interface Row {
  name: string;
  given: Given;
  want: string[];
}

export function changesOf(given: Given): Change[] {
  return 'openapi' in given
    ? diffSpecs(...given.openapi)
    : diffXsd(given.xsd[0], given.xsd[1], { role: given.role });
}

export function idsOf(given: Given): string[] {
  return changesOf(given)
    .map((change) => change.id)
    .sort();
}

/** A document with the given paths (and anything else at the root). */
export function doc(paths: Doc, extra: Doc = {}): Doc {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, ...extra };
}

/** A document whose only operation is `POST /items` with the given fields. */
export function operation(fields: Doc, extra: Doc = {}): Doc {
  return doc(
    {
      '/items': {
        post: { operationId: 'createItem', responses: { '200': { description: 'ok' } }, ...fields },
      },
    },
    extra,
  );
}

/** `POST /items` taking `schema` as its JSON body (request side) or answering it with 200 (response side). */
export function schemaOn(side: 'request' | 'response', schema: unknown, components: Doc = {}): Doc {
  const content = { 'application/json': { schema } };
  const fields =
    side === 'request'
      ? { requestBody: { required: true, content } }
      : { responses: { '200': { description: 'ok', content } } };
  return operation(fields, { components: { schemas: components } });
}
