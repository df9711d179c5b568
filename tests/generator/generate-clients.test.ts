import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareWithDisk, writeToDisk } from '../../scripts/generate/lib/generated-file.ts';
import { renderOperationTable } from '../../scripts/generate/lib/operation-table.ts';
import { xsdDocuments } from '../../scripts/generate/lib/xml-documents.ts';
import { bundleService } from '../../scripts/lib/specs.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('generated files', () => {
  it('reports a stale, a missing and an orphaned file, and writing fixes exactly those', () => {
    dir = mkdtempSync(join(tmpdir(), 'generated-'));
    writeFileSync(join(dir, 'same.ts'), 'same');
    writeFileSync(join(dir, 'stale.ts'), 'old');
    writeFileSync(join(dir, 'orphan.ts'), 'gone');
    const files = [
      { path: join(dir, 'same.ts'), contents: 'same' },
      { path: join(dir, 'stale.ts'), contents: 'new' },
      { path: join(dir, 'missing.ts'), contents: 'created' },
    ];
    const report = compareWithDisk(files, [dir], dir);
    expect(report).toEqual({ stale: ['missing.ts', 'stale.ts'], orphaned: ['orphan.ts'] });
    writeToDisk(files, report, dir);
    expect(compareWithDisk(files, [dir], dir)).toEqual({ stale: [], orphaned: [] });
    expect(readFileSync(join(dir, 'stale.ts'), 'utf8')).toBe('new');
  });
});

describe('operation table', () => {
  it('carries security alternatives, x-security-exclusive and x-value-schema of agents', async () => {
    const source = renderOperationTable('agents', (await bundleService('agents')).spec);
    const table = JSON.parse(
      source.slice(source.indexOf('= {') + 2, source.indexOf(' as const satisfies ServiceContract')),
    );
    expect(table.securityExclusive).toBe(true);
    expect(table.operations.pauseCampaign.security).toEqual([['bearerAuth']]);
    expect(table.operations.listRuns.security).toEqual([['bearerAuth'], ['agentsApiKey', 'organizationId']]);
    expect(table.securitySchemes.organizationId).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-SVC-ORGANIZATION-ID',
      valuePattern: '^[1-9][0-9]*$',
    });
  });

  it("carries the pattern of each component schema that has one, the client's one copy of it", async () => {
    const patternsOf = (source: string) =>
      JSON.parse(
        source.slice(
          source.indexOf('schemaPatterns = ') + 'schemaPatterns = '.length,
          source.lastIndexOf(' as const satisfies Record'),
        ),
      );
    const agents = (await bundleService('agents')).spec;
    const patterns = patternsOf(renderOperationTable('agents', agents));
    expect(Object.keys(patterns)).toEqual(['UtcDateTime']);
    const utcDateTime = agents.components?.schemas?.UtcDateTime as { pattern?: string } | undefined;
    expect(patterns.UtcDateTime).toBe(utcDateTime?.pattern);
    expect(patterns.UtcDateTime).toMatch(/^\^/);
    const numbers = patternsOf(renderOperationTable('numbers', (await bundleService('numbers')).spec));
    expect(numbers.E164).toBe('^\\+[1-9][0-9]{1,14}$');
  });

  it('carries x-requires of numbers and x-server-side-only of token', async () => {
    const numbers = renderOperationTable('numbers', (await bundleService('numbers')).spec);
    expect(numbers).toContain(
      '"name": "areaCode",\n          "requires": [\n            "countryCodeA3"\n          ]',
    );
    const token = renderOperationTable('token', (await bundleService('token')).spec);
    expect(token).toContain('"serverSideOnly": true');
  });

  it('lists every XSD the numbers spec names, legacy ones included', async () => {
    const documents = xsdDocuments((await bundleService('numbers')).spec);
    expect(documents.map((document) => document.typeName)).toContain('NotificationLegacy');
    expect(documents.find((document) => document.typeName === 'NotificationLegacy')).toEqual({
      file: 'xsd/Notification.legacy.xsd',
      element: 'Notification',
      typeName: 'NotificationLegacy',
    });
  });
});
