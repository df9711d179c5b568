import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from './helpers.js';

const ROOT = fileURLToPath(new URL('./fixtures/split-service/openapi.yaml', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Each finding with the file it is reported in (relative to fixtures/) and its 1-based line. */
async function lintSplitService() {
  const results = await lint(readFileSync(ROOT, 'utf8'), { source: ROOT });
  return results.map((result) => ({
    code: result.code,
    file: relative(FIXTURES, result.source ?? '')
      .split('\\')
      .join('/'),
    line: result.range.start.line + 1,
    message: result.message,
  }));
}

describe('a split spec (root, paths/, components/ and a shared common/ folder)', () => {
  it('reports each problem in the file and at the line where it is written, and nothing else', async () => {
    expect(await lintSplitService()).toEqual([
      {
        code: 'svc-error-schema',
        file: 'split-service/components/responses/WrongError.yaml',
        line: 3,
        message:
          "The 400 response (application/json) must use the service's error schema: set `schema: {$ref: './components/schemas/ValidationError.yaml'}` (x-error-schemas['400']); it has a $ref to OtherError.yaml.",
      },
      {
        code: 'svc-e164-ref',
        file: 'split-service/components/schemas/Message.yaml',
        line: 7,
        message:
          '`from` is described as an E.164 number but does not use the shared E164 schema: make its schema `$ref` the E164 schema (`#/components/schemas/E164` when bundled, common/schemas/E164.yaml in the split spec), or `items: {$ref: ...}` for a list.',
      },
      {
        code: 'svc-e164-no-inline-pattern',
        file: 'split-service/components/schemas/Message.yaml',
        line: 10,
        message:
          'Inline E.164-like pattern `^\\+[0-9]+$`: telephone numbers use the shared E164 schema; replace this schema with `$ref` to it (`#/components/schemas/E164` when bundled, common/schemas/E164.yaml in the split spec).',
      },
      {
        code: 'svc-xml-xsd',
        file: 'split-service/paths/orders.yaml',
        line: 28,
        message: expect.stringMatching(
          /^`x-xsd\.schema` `xsd\/order-response\.xsd` does not exist in the service folder \(.*split-service\): fix the path or add the XSD\.$/,
        ),
      },
      {
        code: 'svc-error-schema',
        file: 'split-service/paths/orders.yaml',
        line: 33,
        message:
          "The 422 response (application/json) must use the service's error schema: set `schema: {$ref: '#/components/schemas/ValidationError'}` (in the split spec, a $ref to ValidationError.yaml) (x-error-schemas['422']); it has an inline schema or a schema outside components.schemas.",
      },
    ]);
  });
});
