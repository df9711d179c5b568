/**
 * The XSD folder itself: one schema per document, all XSD 1.0 that libxml2 compiles, every element and
 * named type documented, common.xsd shared by xs:include and declaring no element.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createXsdValidator, XsdLoadError } from '@svc-contracts/xml-validator';
import {
  type ComplexType,
  type Documented,
  type ElementDecl,
  loadXsd,
  type Particle,
  parseXsd,
} from '@svc-contracts/xsd-model';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_DIR, xsdFile } from './lib/paths.ts';

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

/** Declarations (elements, named simple and complex types) without documentation. */
function undocumented(xsdText: string, file: string): string[] {
  const document = parseXsd(xsdText, file);
  const missing: string[] = [];
  const check = (what: string, declaration: Documented & { name?: string }) => {
    if (declaration.documentation === undefined) missing.push(`${what} ${declaration.name}`);
  };
  const element = (decl: ElementDecl): void => {
    check('element', decl);
    if (decl.type.kind === 'complex') complex(decl.type);
  };
  const complex = (type: ComplexType): void => {
    const particles = (particle: Particle): void => {
      if (particle.kind === 'element') element(particle);
      else particle.particles.forEach(particles);
    };
    if (type.content !== undefined) particles(type.content);
  };
  for (const decl of document.elements.values()) element(decl);
  for (const type of document.simpleTypes.values()) check('simpleType', type);
  for (const type of document.complexTypes.values()) {
    check('complexType', type);
    complex(type);
  }
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
    expect(undocumented(readFileSync(xsdFile(file), 'utf8'), file)).toEqual([]);
  });

  it('an undocumented element is reported', () => {
    const text = readFileSync(xsdFile('Order.xsd'), 'utf8').replace(
      /<xs:element name="SiteId" type="xs:string" minOccurs="0">[\s\S]*?<\/xs:element>/,
      '<xs:element name="SiteId" type="xs:string" minOccurs="0"/>',
    );
    expect(undocumented(text, 'Order.xsd')).toEqual(['element SiteId']);
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
