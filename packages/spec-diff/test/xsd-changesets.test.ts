import { describe, expect, it } from 'vitest';
import { checkChangesets, diffSpecs, diffXsd, parseChangeset } from '../src/index.js';

function xsd(children: string, doc = 'Order (request of POST /orders).', extra = ''): string {
  return `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:annotation><xs:documentation>${doc}</xs:documentation></xs:annotation>
  <xs:element name="Order"><xs:complexType><xs:sequence>${children}</xs:sequence></xs:complexType></xs:element>
  <xs:simpleType name="Code"><xs:restriction base="xs:string">${extra}</xs:restriction></xs:simpleType>
</xs:schema>`;
}
const site = '<xs:element name="SiteId" type="xs:string"/>';
const kinds = (changes: Array<{ id: string; level: string }>) => changes.map((c) => [c.id, c.level]);

describe('diffXsd', () => {
  it('identical: no change', () => {
    expect(diffXsd(xsd(site), xsd(site))).toEqual([]);
  });
  it('removed element is major', () => {
    expect(diffXsd(xsd(site), xsd(''))).toEqual([
      {
        id: 'xsd-element-removed',
        level: 'major',
        severity: 'breaking',
        direction: 'request',
        pointer: 'Order/SiteId',
        reason: 'removed element `SiteId`',
      },
    ]);
  });
  it('added optional element is minor; added required element in a request is major', () => {
    const optional = '<xs:element name="Note" type="xs:string" minOccurs="0"/>';
    const required = '<xs:element name="Note" type="xs:string"/>';
    expect(kinds(diffXsd(xsd(site), xsd(site + optional)))).toEqual([
      ['xsd-optional-element-added', 'minor'],
    ]);
    expect(kinds(diffXsd(xsd(site), xsd(site + required)))).toEqual([
      ['xsd-request-required-element-added', 'major'],
    ]);
    expect(kinds(diffXsd(xsd(site), xsd(site + required), { role: 'response' }))).toEqual([
      ['xsd-response-required-element-added', 'minor'],
    ]);
  });
  it('element that became required (minOccurs 0 → 1) is major', () => {
    const optional = '<xs:element name="SiteId" type="xs:string" minOccurs="0"/>';
    expect(kinds(diffXsd(xsd(optional), xsd(site)))).toEqual([
      ['xsd-request-element-became-required', 'major'],
    ]);
  });
  it('element that became single (maxOccurs unbounded → 1) is major', () => {
    const many = '<xs:element name="SiteId" type="xs:string" maxOccurs="unbounded"/>';
    expect(kinds(diffXsd(xsd(many), xsd(site)))).toEqual([['xsd-element-max-lowered', 'major']]);
    expect(kinds(diffXsd(xsd(site), xsd(many)))).toEqual([['xsd-request-element-max-raised', 'minor']]);
  });
  it('changed element type is major', () => {
    expect(kinds(diffXsd(xsd(site), xsd('<xs:element name="SiteId" type="xs:int"/>')))).toEqual([
      ['xsd-element-type-changed', 'major'],
    ]);
  });
  it('changed pattern and removed enumeration are major; added enumeration in a request minor', () => {
    const pattern = (p: string) => `<xs:pattern value="${p}"/>`;
    expect(
      kinds(diffXsd(xsd(site, undefined, pattern('[0-9]+')), xsd(site, undefined, pattern('[0-9]{3}')))),
    ).toEqual([['xsd-pattern-changed', 'major']]);
    const enums = (...values: string[]) => values.map((v) => `<xs:enumeration value="${v}"/>`).join('');
    expect(kinds(diffXsd(xsd(site, undefined, enums('a', 'b')), xsd(site, undefined, enums('a'))))).toEqual([
      ['xsd-enumeration-removed', 'major'],
    ]);
    expect(kinds(diffXsd(xsd(site, undefined, enums('a')), xsd(site, undefined, enums('a', 'b'))))).toEqual([
      ['xsd-request-enumeration-added', 'minor'],
    ]);
  });
  it('documentation change is patch', () => {
    expect(kinds(diffXsd(xsd(site), xsd(site, 'Order (request of POST /orders). More words.')))).toEqual([
      ['xsd-documentation-changed', 'patch'],
    ]);
  });
  it('reads the role from the documentation: a response document takes added elements as minor', () => {
    const doc = 'OrderResponse (response of POST /orders).';
    expect(kinds(diffXsd(xsd(site, doc), xsd(`${site}<xs:element name="X"/>`, doc)))).toEqual([
      ['xsd-response-required-element-added', 'minor'],
    ]);
  });
});

describe('changesets gate', () => {
  const before = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/campaigns': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Campaign' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Campaign: { type: 'object', properties: { id: { type: 'integer' }, state: { type: 'string' } } },
      },
    },
  };
  const after = structuredClone(before);
  delete (after.components.schemas.Campaign.properties as Record<string, unknown>).state;
  const changes = { '@svc-contracts/agents-client': diffSpecs(before, after) };
  const changeset = (bump: string) =>
    parseChangeset(`---\n"@svc-contracts/agents-client": ${bump}\n---\n\nText.\n`, 'a.md');

  it('parses changeset frontmatter', () => {
    expect(changeset('major')).toEqual({
      file: 'a.md',
      releases: { '@svc-contracts/agents-client': 'major' },
    });
    expect(() => parseChangeset('no frontmatter', 'b.md')).toThrow(/^b\.md: missing or invalid frontmatter/);
    expect(() => parseChangeset('---\n"x": huge\n---\n')).toThrow(/invalid version type "huge".*expected/);
    expect(() => parseChangeset('---\n- a list\n---\n')).toThrow(/must be an object mapping package names/);
  });
  it('fails on a removed property with a patch changeset', () => {
    expect(
      checkChangesets({ changes, pendingChangesets: [changeset('patch')] }).map((f) => f.message),
    ).toEqual([
      '`@svc-contracts/agents-client` needs a major bump (removed property `state` at #/components/schemas/Campaign/properties/state), the changesets added since the base ask for patch',
    ]);
  });
  it('passes with a major changeset (the highest of several counts)', () => {
    expect(checkChangesets({ changes, pendingChangesets: [changeset('major')] })).toEqual([]);
    expect(checkChangesets({ changes, pendingChangesets: [changeset('patch'), changeset('major')] })).toEqual(
      [],
    );
  });
  it('says which package lacks a changeset', () => {
    const failures = checkChangesets({
      changes: {},
      pendingChangesets: [changeset('patch')],
      changedPackages: ['@svc-contracts/voice-client', '@svc-contracts/agents-client'],
    });
    expect(failures.map((f) => f.message)).toEqual([
      '`@svc-contracts/voice-client` changed and needs at least a patch bump, but no changeset added since the base names it: add one with `pnpm changeset`',
    ]);
    expect(checkChangesets({ changes, pendingChangesets: [] })[0]?.message).toMatch(
      /^`@svc-contracts\/agents-client` changed and needs at least a major bump \(removed property `state`/,
    );
  });
});
