import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue, catalogueTable } from '../src/catalogue/index.js';
import { extensionRows } from './tables/extensions.js';
import { operationRows } from './tables/operations.js';
import { parameterRows } from './tables/parameters.js';
import { requestBodyRows } from './tables/request-bodies.js';
import { responseRows } from './tables/responses.js';
import { schemaRows } from './tables/schemas.js';
import { securityRows } from './tables/security.js';
import { idsOf, type Row } from './tables/table.js';
import { webhookRows } from './tables/webhooks.js';
import { xsdRows } from './tables/xsd.js';

const families: Record<string, Row[]> = {
  'paths and operations': operationRows,
  parameters: parameterRows,
  'request bodies': requestBodyRows,
  'responses and statuses': responseRows,
  schemas: schemaRows,
  security: securityRows,
  webhooks: webhookRows,
  extensions: extensionRows,
  XSD: xsdRows,
};

for (const [family, rows] of Object.entries(families)) {
  describe(`table: ${family}`, () => {
    it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
      expect(idsOf(row.given)).toEqual([...row.want].sort());
    });
  });
}

describe('the catalogue', () => {
  const ids = catalogue.map((check) => check.id);
  const wanted = new Set(Object.values(families).flatMap((rows) => rows.flatMap((row) => row.want)));

  it('lists each id once', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('every id has a fixture pair in a table, and every id a table wants is in the catalogue', () => {
    expect([...ids].filter((id) => !wanted.has(id))).toEqual([]);
    expect([...wanted].filter((id) => !ids.includes(id))).toEqual([]);
  });
  it('every id the code emits is in the catalogue (the emitted ids of all rows are the catalogue)', () => {
    const emitted = new Set(
      Object.values(families).flatMap((rows) => rows.flatMap((row) => idsOf(row.given))),
    );
    expect([...emitted].sort()).toEqual([...ids].sort());
  });
  it('every id the source names is in the catalogue', () => {
    // Ids are written as literals in the family modules (or built from a schema check and a side, typed).
    const sources = [
      'operations',
      'parameters',
      'request-bodies',
      'responses',
      'security',
      'webhooks',
      'extensions',
      'servers',
    ]
      .map((name) => readFileSync(new URL(`../src/openapi/${name}.ts`, import.meta.url), 'utf8'))
      .concat(readFileSync(new URL('../src/xsd.ts', import.meta.url), 'utf8'));
    const literal = /(?:emit|add)\(\s*'([a-z-]+)'/g;
    const named = new Set(sources.flatMap((text) => [...text.matchAll(literal)].map((match) => match[1])));
    expect([...named].filter((id) => id !== undefined && !ids.includes(id))).toEqual([]);
  });
  it('each check has a level, a bump, a direction, what it reads and one line of documentation', () => {
    for (const check of catalogue) {
      expect(['breaking', 'possibly-breaking', 'not-breaking']).toContain(check.level);
      expect(['major', 'minor', 'patch']).toContain(check.bump);
      expect(['request', 'response', 'both']).toContain(check.direction);
      expect(check.reads.length).toBeGreaterThan(0);
      expect(check.doc).toMatch(/\.$/);
    }
  });
  it('the README carries the current table (UPDATE_README=1 rewrites it)', () => {
    const file = new URL('../README.md', import.meta.url);
    const readme = readFileSync(file, 'utf8');
    const start = '<!-- catalogue:start (generated from src/catalogue; do not edit) -->';
    const end = '<!-- catalogue:end -->';
    const current = readme.slice(readme.indexOf(start) + start.length, readme.indexOf(end));
    const wantedTable = `\n${catalogueTable()}`;
    if (process.env.UPDATE_README === '1' && readme.includes(start) && readme.includes(end)) {
      writeFileSync(
        file,
        `${readme.slice(0, readme.indexOf(start) + start.length)}${wantedTable}${readme.slice(readme.indexOf(end))}`,
      );
      return;
    }
    expect(readme.includes(start) && readme.includes(end)).toBe(true);
    expect(current).toBe(wantedTable);
  });
});
