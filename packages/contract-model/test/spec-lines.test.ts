import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specLineFinder } from '../src/index.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spec-lines-'));
  await mkdir(join(root, 'specs/a/paths'), { recursive: true });
  await writeFile(
    join(root, 'specs/a/openapi.yaml'),
    ['openapi: 3.1.0', 'paths:', '  /items:', '    $ref: paths/items.yaml', 'x-rule:', '  - first', ''].join(
      '\n',
    ),
  );
  await writeFile(
    join(root, 'specs/a/paths/items.yaml'),
    ['get:', '  operationId: listItems', '  responses:', "    '200':", '      description: ok', ''].join(
      '\n',
    ),
  );
  await mkdir(join(root, 'specs/a/components/schemas'), { recursive: true });
  await writeFile(
    join(root, 'specs/a/components/schemas/Order.yaml'),
    ['type: object', 'properties:', '  id:', '    type: string', ''].join('\n'),
  );
  await writeFile(join(root, 'outside.yaml'), 'a: 1\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('specLineFinder', () => {
  it('finds the line of a pointer, following a $ref into the file it names', () => {
    const lineOf = specLineFinder(join(root, 'specs'));
    expect(lineOf('a/openapi.yaml#/x-rule/0')).toEqual({ file: 'a/openapi.yaml', line: 6 });
    expect(lineOf('a/openapi.yaml#/paths/~1items/get/responses')).toEqual({
      file: 'a/paths/items.yaml',
      line: 3,
    });
    // The nearest part the file holds: an unknown status lands on `responses`.
    expect(lineOf('a/openapi.yaml#/paths/~1items/get/responses/404')).toEqual({
      file: 'a/paths/items.yaml',
      line: 3,
    });
  });

  it("finds a component the bundle hoisted from a file of its own (Redocly's split layout)", () => {
    const lineOf = specLineFinder(join(root, 'specs'));
    expect(lineOf('a/openapi.yaml#/components/schemas/Order/properties/id')).toEqual({
      file: 'a/components/schemas/Order.yaml',
      line: 3,
    });
    expect(lineOf('a/openapi.yaml#/components/schemas/Order')).toEqual({
      file: 'a/components/schemas/Order.yaml',
      line: 1,
    });
  });

  it('reads nothing outside its root and nothing but YAML or JSON; no line rather than an error', () => {
    const lineOf = specLineFinder(join(root, 'specs'));
    expect(lineOf('../outside.yaml#/a')).toBeUndefined();
    expect(lineOf('/etc/passwd#/a')).toBeUndefined();
    expect(lineOf('a/missing.yaml#/a')).toEqual({ file: 'a/missing.yaml' });
  });
});
