/**
 * The XSD folder itself: one schema per document, all XSD 1.0 that libxml2 compiles, every element and
 * named type documented, common.xsd shared by xs:include and declaring no element.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createXsdValidator, XsdLoadError } from '../../packages/xml-validator/src/index.ts';
import { SERVICE_DIR, xsdFile } from './lib/paths.ts';
import { type OrderedNode, orderedParser } from './lib/xml-deps.ts';
import { loadXsd } from './lib/xsd-consistency.ts';

const XSD_DIR = join(SERVICE_DIR, 'xsd');
const DOCUMENTS: Record<string, string> = {
  'Order.xsd': 'Order',
  'OrderResponse.xsd': 'OrderResponse',
  'Subscription.xsd': 'Subscription',
  'Instance.xsd': 'Instance',
  'ExternalTnsOrder.xsd': 'ExternalTnsOrder',
  'RemoveImportedTnOrder.xsd': 'RemoveImportedTnOrder',
  'Notification.xsd': 'Notification',
  'Notification.legacy.xsd': 'Notification',
  'SipPeerTelephoneNumberResponse.xsd': 'SipPeerTelephoneNumberResponse',
};

/** Declarations (xs:element with a name, named xs:simpleType / xs:complexType) without documentation. */
function undocumented(xsdText: string): string[] {
  const missing: string[] = [];
  const walk = (nodes: OrderedNode[]): void => {
    for (const node of nodes) {
      for (const [key, value] of Object.entries(node)) {
        if (key === ':@' || !Array.isArray(value)) continue;
        const tag = key.slice(key.indexOf(':') + 1);
        const name = (node[':@'] as Record<string, string> | undefined)?.name;
        const children = value as OrderedNode[];
        if (name && ['element', 'simpleType', 'complexType'].includes(tag)) {
          const annotation = children.find((child) =>
            Object.keys(child).some((k) => k.endsWith('annotation')),
          );
          const text = JSON.stringify(annotation ?? {});
          if (!/documentation/.test(text) || !/#text":"\s*\S/.test(text)) missing.push(`${tag} ${name}`);
        }
        walk(children);
      }
    }
  };
  walk(orderedParser().parse(xsdText));
  return missing;
}

describe('the XSD folder', () => {
  it('holds one schema per document and common.xsd', () => {
    const files = readdirSync(XSD_DIR).filter((file) => file.endsWith('.xsd'));
    expect(files.sort()).toEqual([...Object.keys(DOCUMENTS), 'common.xsd'].sort());
  });

  it.each(Object.entries(DOCUMENTS))('%s compiles with libxml2 and declares %s', async (file, element) => {
    const validator = await createXsdValidator(xsdFile(file));
    await validator.close();
    expect([...loadXsd(xsdFile(file)).elements.keys()]).toEqual([element]);
    expect(readFileSync(xsdFile(file), 'utf8')).toContain('<xs:include schemaLocation="common.xsd"/>');
  });

  it('common.xsd declares shared types only, and no target namespace anywhere', () => {
    const common = loadXsd(xsdFile('common.xsd'));
    expect(common.elements.size).toBe(0);
    expect([...common.simpleTypes.keys()].sort()).toEqual([
      'Boolean',
      'E164TelephoneNumber',
      'LegacyTelephoneNumber',
      'LoaType',
      'NumberFormat',
      'Timestamp',
    ]);
    for (const file of [...Object.keys(DOCUMENTS), 'common.xsd']) {
      expect(readFileSync(xsdFile(file), 'utf8')).not.toMatch(
        /targetNamespace|vc:minVersion|xs:alternative|xs:assert/,
      );
    }
  });

  it.each([...Object.keys(DOCUMENTS), 'common.xsd'])('%s documents every element and named type', (file) => {
    expect(undocumented(readFileSync(xsdFile(file), 'utf8'))).toEqual([]);
  });

  it('an undocumented element is reported', () => {
    const text = readFileSync(xsdFile('Order.xsd'), 'utf8').replace(
      /<xs:element name="SiteId" type="xs:string">[\s\S]*?<\/xs:element>/,
      '<xs:element name="SiteId" type="xs:string"/>',
    );
    expect(undocumented(text)).toEqual(['element SiteId']);
  });
});

describe('a broken schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'numbers-xsd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused when it uses a type that common.xsd does not declare', async () => {
    const path = join(dir, 'Broken.xsd');
    writeFileSync(join(dir, 'common.xsd'), readFileSync(xsdFile('common.xsd'), 'utf8'));
    writeFileSync(path, readFileSync(xsdFile('Order.xsd'), 'utf8').replace('type="Boolean"', 'type="YesNo"'));
    await expect(createXsdValidator(path)).rejects.toBeInstanceOf(XsdLoadError);
  });
});
