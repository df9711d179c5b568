// The gate cases issue 53 names (verdicts right, reasons wrong): each pair with the ids, severities and
// reasons a reader of the diff expects, the guard that still fails beside it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpecFile } from '../src/load.js';
import { changesOf, type Doc, doc, schemaOn } from './tables/table.js';

const verdict = (before: Doc, after: Doc) =>
  changesOf({ openapi: [before, after] }).map((change) => [change.id, change.severity, change.reason]);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('issue 53: the breaking-change gate', () => {
  it('a request string wrapped in anyOf [itself, an enum of ""] widens: one alternative added', () => {
    const str = { type: 'string' };
    expect(
      verdict(schemaOn('request', str), schemaOn('request', { anyOf: [str, { ...str, enum: [''] }] })),
    ).toEqual([
      [
        'request-alternative-added',
        'not-breaking',
        '`anyOf` keeps the old schema and adds member `{"type":"string","enum":[""]}`',
      ],
    ]);
  });
  it('a response $ref X → anyOf [$ref X, $ref Y] is Y added, not every property of X removed', () => {
    const components = {
      X: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
      Y: { type: 'object', properties: { c: { type: 'string' } } },
    };
    expect(
      verdict(
        schemaOn('response', ref('X'), components),
        schemaOn('response', { anyOf: [ref('X'), ref('Y')] }, components),
      ),
    ).toEqual([
      [
        'response-alternative-added',
        'breaking',
        '`anyOf` keeps the old schema and adds member `#/components/schemas/Y`',
      ],
    ]);
  });
  it('a response {string, maxLength 5000} → an enum of four short values narrowed as a whole', () => {
    const before = { type: 'string', maxLength: 5000 };
    const after = { type: 'string', enum: ['queued', 'sent', 'failed', 'read'] };
    expect(verdict(schemaOn('response', before), schemaOn('response', after))).toEqual([
      ['response-enum-added', 'not-breaking', 'values restricted to an enum'],
    ]);
  });
  it('format int64 added to an integer parameter bounded 1..1000 is not breaking', () => {
    const page = (schema: Doc) =>
      doc({
        '/items': {
          get: {
            parameters: [{ in: 'query', name: 'PageSize', schema: { type: 'integer', ...schema } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      });
    const bounds = { minimum: 1, maximum: 1000 };
    expect(verdict(page(bounds), page({ ...bounds, format: 'int64' }))).toEqual([
      [
        'request-format-within-bounds',
        'not-breaking',
        'added format `int64`, which every value the bounds allow meets',
      ],
    ]);
    expect(verdict(page({ minimum: 1 }), page({ minimum: 1, format: 'int64' }))).toEqual([
      ['request-format-added', 'breaking', 'added format `int64`'],
    ]);
  });
  it('{Sid} → {BulkHostingSid} is the same path: the rename, then every change under it', () => {
    const at = (name: string, extra: Doc = {}) =>
      doc({
        [`/v2/BulkHostingRequests/{${name}}`]: {
          get: {
            operationId: 'FetchBulkHostingRequest',
            parameters: [{ in: 'path', name, required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok', ...extra } },
          },
        },
      });
    expect(verdict(at('Sid'), at('BulkHostingSid', { headers: { 'X-Id': { schema: {} } } }))).toEqual([
      [
        'request-path-parameter-renamed',
        'breaking',
        'path parameter `{Sid}` renamed `{BulkHostingSid}` (`/v2/BulkHostingRequests/{Sid}` → `/v2/BulkHostingRequests/{BulkHostingSid}`, the same URL template)',
      ],
      ['response-header-added', 'not-breaking', 'added response header `X-Id`'],
    ]);
  });
  it('servers are compared', () => {
    const at = (url: string) => doc({}, { servers: [{ url }] });
    expect(verdict(at('https://a.example.com'), at('https://b.example.com'))).toEqual([
      ['server-removed', 'breaking', 'removed server `https://a.example.com`'],
      ['server-added', 'not-breaking', 'added server `https://b.example.com`'],
    ]);
  });
});

describe('issue 53: a file with no document says so', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-53-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('an empty file (what `git show` of a deleted file leaves) names the file and a removed service', async () => {
    writeFileSync(join(dir, 'twilio_preview.json'), '');
    await expect(loadSpecFile('twilio_preview.json', dir)).rejects.toThrow(
      /^twilio_preview\.json: holds no document \(an empty file\): if it was taken from a release where this file no longer exists, the service it described was removed there/,
    );
    writeFileSync(join(dir, 'comments.yaml'), '# nothing here\n');
    await expect(loadSpecFile('comments.yaml', dir)).rejects.toThrow(
      /^comments\.yaml: not an OpenAPI document \(expected an object at the top\)$/,
    );
  });
  it('a file that does not exist is still `no such file`', async () => {
    await expect(loadSpecFile('gone.json', dir)).rejects.toThrow(/^gone\.json: no such file$/);
  });
});
