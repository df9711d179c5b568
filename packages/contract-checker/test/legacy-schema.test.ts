import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSet, loadContracts } from '../src/index.js';
import { basic, request } from './helpers.js';

/**
 * `x-xsd.legacySchema` (specs/README.md): a body valid against either the schema or its legacy
 * alternative is accepted; one valid against neither is a schema violation. A tiny service built here,
 * so the fixtures of the other tests stay as they are.
 */
const dir = mkdtempSync(join(tmpdir(), 'legacy-schema-'));
const numbers = (type: string, pattern: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:simpleType name="${type}"><xs:restriction base="xs:string"><xs:pattern value="${pattern}"/></xs:restriction></xs:simpleType>
  <xs:element name="Numbers"><xs:complexType><xs:sequence>
    <xs:element name="TelephoneNumber" type="${type}" minOccurs="0" maxOccurs="unbounded"/>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>`;

let contracts: ContractSet;
beforeAll(async () => {
  mkdirSync(join(dir, 'svc', 'xsd'), { recursive: true });
  writeFileSync(join(dir, 'redocly.yaml'), 'apis:\n  legacy:\n    root: svc/openapi.yaml\n');
  writeFileSync(join(dir, 'svc', 'xsd', 'Numbers.xsd'), numbers('E164', '\\+[1-9][0-9]{1,14}'));
  writeFileSync(join(dir, 'svc', 'xsd', 'Numbers.legacy.xsd'), numbers('Legacy', '[0-9]{10}'));
  writeFileSync(
    join(dir, 'svc', 'openapi.yaml'),
    `openapi: 3.1.0
info: { title: legacy, version: 1.0.0 }
servers: [{ url: 'http://localhost:4099' }]
security: [{ basicAuth: [] }]
paths:
  /numbers:
    post:
      operationId: postNumbers
      requestBody:
        required: true
        content:
          application/xml:
            schema: { type: string }
            x-xsd: { schema: xsd/Numbers.xsd, element: Numbers, legacySchema: xsd/Numbers.legacy.xsd }
      responses:
        '200': { description: ok }
components:
  securitySchemes:
    basicAuth: { type: http, scheme: basic }
`,
  );
  contracts = await loadContracts({ configPath: join(dir, 'redocly.yaml') });
});
afterAll(async () => {
  await contracts.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = (...numbers: string[]) =>
  `<Numbers>${numbers.map((number) => `<TelephoneNumber>${number}</TelephoneNumber>`).join('')}</Numbers>`;
const check = async (xml: string) =>
  (
    await contracts.checkRequest(
      request('POST', 'http://localhost:4099/numbers', basic, xml, 'application/xml'),
    )
  ).violations;

describe('x-xsd.legacySchema', () => {
  it('accepts a body valid against the schema, or against the legacy schema', async () => {
    expect(await check(body('+14155550100'))).toEqual([]);
    expect(await check(body('4155550100'))).toEqual([]);
  });

  it('refuses a body valid against neither, with the primary schema issues and a note on the legacy one', async () => {
    const violations = await check(body('+14155550100', '4155550100'));
    expect(violations.map((violation) => violation.rule)).toContain('request-body-schema');
    const messages = violations.map((violation) => violation.message).join('\n');
    expect(messages).toMatch(/'4155550100'.*pattern/);
    expect(messages).toMatch(/alternative schema .*Numbers\.legacy\.xsd either/);
  });
});
