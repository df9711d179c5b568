/**
 * The XSD <-> OpenAPI consistency check (lib/xsd-consistency.ts): it passes on the real spec and
 * catches deliberate mismatches on either side.
 */
import { readFileSync } from 'node:fs';
import { loadXsd } from '@svc-contracts/xsd-model';
import { describe, expect, it } from 'vitest';
import { SERVICE_DIR, SPEC_ROOT, xsdFile } from './lib/paths.ts';
import { isJsonObject, type Json, type JsonObject, loadBundledSpec, xmlMediaTypes } from './lib/spec.ts';
import {
  type ConsistencyIssue,
  checkMediaType,
  checkSchemaAgainstXsd,
  type ReadFile,
  xsdElementTree,
} from './lib/xsd-consistency.ts';

const doc = await loadBundledSpec(SPEC_ROOT);

function schemas(target: JsonObject): JsonObject {
  const components = target.components;
  if (!isJsonObject(components) || !isJsonObject(components.schemas))
    throw new Error('no components.schemas');
  return components.schemas;
}

function schema(target: JsonObject, name: string): JsonObject {
  const found = schemas(target)[name];
  if (!isJsonObject(found)) throw new Error(`no schema ${name}`);
  return found;
}

/** A deep copy of the bundled spec, changed by `change`. */
function changedSpec(change: (copy: JsonObject) => void): JsonObject {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}

/** Reads the real XSDs, except `file`, whose text `from` (which must occur) is replaced by `to`. */
function changedXsd(file: string, from: string | RegExp, to: string): ReadFile {
  return (path) => {
    const text = readFileSync(path, 'utf8');
    if (path !== xsdFile(file)) return text;
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`edit did not apply to ${file}: ${String(from)}`);
    return changed;
  };
}

const orderRef = { $ref: '#/components/schemas/Order' };
const checkOrder = (spec: JsonObject, read?: ReadFile): ConsistencyIssue[] =>
  checkSchemaAgainstXsd(spec, orderRef, xsdFile('Order.xsd'), 'Order', read);

const kinds = (issues: ConsistencyIssue[]) => issues.map((issue) => `${issue.kind} ${issue.path}`);

describe('the real spec', () => {
  const checks = xmlMediaTypes(doc).flatMap((mediaType) => {
    const { xsd } = mediaType;
    return xsd ? checkMediaType(doc, { ...mediaType, xsd }, SERVICE_DIR) : [];
  });

  it('checks every XSD of the folder that describes a document, including the LEGACY variant', () => {
    const files = new Set(checks.map((check) => check.xsdFile));
    expect([...files].sort()).toEqual([
      'xsd/ExternalTnsOrder.xsd',
      'xsd/Instance.xsd',
      'xsd/Notification.legacy.xsd',
      'xsd/Notification.xsd',
      'xsd/Order.xsd',
      'xsd/OrderResponse.xsd',
      'xsd/RemoveImportedTnOrder.xsd',
      'xsd/SipPeerTelephoneNumberResponse.xsd',
      'xsd/Subscription.xsd',
    ]);
  });

  it.each(checks)('$where: $xsdFile matches the OpenAPI schema', ({ issues }) => {
    expect(issues).toEqual([]);
  });
});

describe('OpenAPI-side mismatches', () => {
  it('property order is free under an xs:all', () => {
    const spec = changedSpec((copy) => {
      const order = schema(copy, 'Order');
      const { SiteId, ...rest } = order.properties as JsonObject;
      order.properties = { ...rest, SiteId: SiteId as Json };
    });
    expect(kinds(checkOrder(spec))).toEqual([]);
  });

  it('a required property the XSD leaves optional (an invented requiredness)', () => {
    const spec = changedSpec((copy) => {
      schema(copy, 'Order').required = ['SiteId'];
    });
    expect(kinds(checkOrder(spec))).toEqual(['required Order/SiteId']);
  });

  it("a Tn error ErrorCode closed to 400 where the XSD leaves it open (400 is rule 4's, x-refusals)", () => {
    const spec = changedSpec((copy) => {
      const status = (schema(copy, 'SipPeerTelephoneNumberResponse').properties as JsonObject)
        .ResponseStatus as JsonObject;
      ((status.properties as JsonObject).ErrorCode as JsonObject).const = '400';
    });
    const issues = checkSchemaAgainstXsd(
      spec,
      { $ref: '#/components/schemas/SipPeerTelephoneNumberResponse' },
      xsdFile('SipPeerTelephoneNumberResponse.xsd'),
      'SipPeerTelephoneNumberResponse',
    );
    expect(kinds(issues)).toEqual(['type SipPeerTelephoneNumberResponse/ResponseStatus/ErrorCode']);
  });

  it('a repeated element limited to one', () => {
    const spec = changedSpec((copy) => {
      schema(copy, 'E164TelephoneNumberList').maxItems = 1;
    });
    expect(kinds(checkOrder(spec))).toEqual([
      'repetition Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber',
    ]);
  });

  it('a list declared as a single value', () => {
    const spec = changedSpec((copy) => {
      const type = schema(copy, 'ExistingTelephoneNumberOrderType');
      (type.properties as JsonObject).TelephoneNumberList = { $ref: '#/components/schemas/E164' };
    });
    expect(kinds(checkOrder(spec))).toEqual([
      'structure Order/ExistingTelephoneNumberOrderType/TelephoneNumberList',
    ]);
  });

  it('an unwrapped list (repeated TelephoneNumberList elements instead of one list element)', () => {
    const spec = changedSpec((copy) => {
      schema(copy, 'E164TelephoneNumberList').xml = { wrapped: false };
    });
    const issues = kinds(checkOrder(spec));
    expect(issues).toContain('missing-in-openapi Order/ExistingTelephoneNumberOrderType/TelephoneNumberList');
    expect(issues).toContain('missing-in-xsd Order/ExistingTelephoneNumberOrderType/TelephoneNumber');
  });

  it('a renamed element (xml.name)', () => {
    const spec = changedSpec((copy) => {
      const properties = schema(copy, 'Order').properties as JsonObject;
      properties.SiteId = { type: 'string', xml: { name: 'SiteID' } };
    });
    expect(kinds(checkOrder(spec))).toEqual([
      'missing-in-openapi Order/SiteId',
      'missing-in-xsd Order/SiteID',
    ]);
  });

  it('a leaf type, enum or pattern that differs', () => {
    const spec = changedSpec((copy) => {
      const subscription = schema(copy, 'Subscription').properties as JsonObject;
      ((subscription.CallbackSubscription as JsonObject).properties as JsonObject).Expiry = {
        type: 'string',
      };
      schema(copy, 'LoaType').enum = ['CARRIER', 'SUBSCRIBER', 'OTHER'];
      schema(copy, 'E164').pattern = '^\\+[0-9]+$';
    });
    const subscription = checkSchemaAgainstXsd(
      spec,
      { $ref: '#/components/schemas/Subscription' },
      xsdFile('Subscription.xsd'),
      'Subscription',
    );
    expect(kinds(subscription)).toEqual(['type Subscription/CallbackSubscription/Expiry']);
    const imported = checkSchemaAgainstXsd(
      spec,
      { $ref: '#/components/schemas/ExternalTnsOrder' },
      xsdFile('ExternalTnsOrder.xsd'),
      'ExternalTnsOrder',
    );
    expect(kinds(imported)).toEqual([
      'type ExternalTnsOrder/LoaType',
      'type ExternalTnsOrder/TelephoneNumbers/TelephoneNumber',
    ]);
  });

  it('a date mirrored as format date-time or date, stricter than xs:dateTime and xs:date (zone optional)', () => {
    const spec = changedSpec((copy) => {
      schema(copy, 'Notification').properties = {
        ...(schema(copy, 'Notification').properties as JsonObject),
        LastModifiedDate: { type: 'string', format: 'date-time' },
      };
      (schema(copy, 'ReportInstance').properties as JsonObject).ExpiresAt = {
        type: 'string',
        format: 'date',
      };
    });
    const notification = checkSchemaAgainstXsd(
      spec,
      { $ref: '#/components/schemas/Notification' },
      xsdFile('Notification.xsd'),
      'Notification',
    );
    expect(kinds(notification)).toEqual(['type Notification/LastModifiedDate']);
    const instance = checkSchemaAgainstXsd(
      spec,
      { $ref: '#/components/schemas/ReportInstance' },
      xsdFile('Instance.xsd'),
      'Instance',
    );
    expect(kinds(instance)).toEqual(['type Instance/ExpiresAt']);
  });

  it('a root element that differs from x-xsd.element', () => {
    const spec = changedSpec((copy) => {
      schema(copy, 'Order').xml = { name: 'Orders' };
    });
    expect(kinds(checkOrder(spec))).toEqual(['root Order']);
  });

  it('a notification schema without the LEGACY alternative fails against the legacy variant only', () => {
    const spec = changedSpec((copy) => {
      const properties = schema(copy, 'Notification').properties as JsonObject;
      properties.CompletedTelephoneNumbers = {
        type: 'array',
        xml: { wrapped: true },
        items: { $ref: '#/components/schemas/E164', xml: { name: 'TelephoneNumber' } },
      };
    });
    const xsd = {
      schema: 'xsd/Notification.xsd',
      element: 'Notification',
      legacySchema: 'xsd/Notification.legacy.xsd',
    };
    const [standard, legacy] = checkMediaType(
      spec,
      { where: 'webhook', schema: { $ref: '#/components/schemas/Notification' }, xsd },
      SERVICE_DIR,
    );
    expect(standard?.issues).toEqual([]);
    expect(kinds(legacy?.issues ?? [])).toEqual([
      'type Notification/CompletedTelephoneNumbers/TelephoneNumber',
    ]);
  });
});

describe('XSD-side mismatches', () => {
  it('wrong element order (under an xs:sequence)', () => {
    const swapped = changedXsd(
      'Order.xsd',
      /(<xs:element name="SiteId"[\s\S]*?<\/xs:element>)(\s*)(<xs:element name="PartialAllowed"[\s\S]*?<\/xs:element>)/,
      '$3$2$1',
    );
    const read: ReadFile = (path) =>
      swapped(path)
        .replace('<xs:all>', '<xs:sequence>')
        .replace(
          '</xs:all>\n    </xs:complexType>\n  </xs:element>',
          '</xs:sequence>\n    </xs:complexType>\n  </xs:element>',
        );
    expect(kinds(checkOrder(doc, read))).toEqual(['order Order']);
    expect(kinds(checkOrder(doc, swapped))).toEqual([]);
  });

  it('an optional element made required', () => {
    const read = changedXsd(
      'Order.xsd',
      '<xs:element name="PartialAllowed" type="Boolean" minOccurs="0">',
      '<xs:element name="PartialAllowed" type="Boolean">',
    );
    expect(kinds(checkOrder(doc, read))).toEqual(['required Order/PartialAllowed']);
  });

  it('a repeated element declared single', () => {
    const read = changedXsd(
      'common.xsd',
      'minOccurs="0" maxOccurs="unbounded"',
      'minOccurs="0" maxOccurs="1"',
    );
    expect(kinds(checkOrder(doc, read))).toEqual([
      'repetition Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber',
    ]);
  });

  it('a renamed element', () => {
    const read = changedXsd('Order.xsd', 'name="SiteId"', 'name="SiteID"');
    expect(kinds(checkOrder(doc, read))).toEqual([
      'missing-in-openapi Order/SiteID',
      'missing-in-xsd Order/SiteId',
    ]);
  });

  it('a changed simple type', () => {
    const read = changedXsd(
      'Order.xsd',
      'name="PartialAllowed" type="Boolean"',
      'name="PartialAllowed" type="xs:string"',
    );
    expect(kinds(checkOrder(doc, read))).toEqual(['type Order/PartialAllowed']);
  });

  it('a construct the check does not model is reported, not ignored', () => {
    const read = changedXsd('Order.xsd', /<xs:all>/, '<xs:choice>');
    const fixed: ReadFile = (path) =>
      read(path).replace(
        '</xs:all>\n    </xs:complexType>\n  </xs:element>',
        '</xs:choice>\n    </xs:complexType>\n  </xs:element>',
      );
    expect(kinds(checkOrder(doc, fixed))).toEqual(['unsupported Order']);
  });

  it('attributes, and constructs the XSD model refuses, are reported too', () => {
    const attribute = changedXsd(
      'Order.xsd',
      '</xs:all>\n    </xs:complexType>\n  </xs:element>',
      '</xs:all>\n      <xs:attribute name="id" type="xs:string"/>\n    </xs:complexType>\n  </xs:element>',
    );
    expect(kinds(checkOrder(doc, attribute))).toEqual(['unsupported Order']);
    const group = changedXsd(
      'Order.xsd',
      '</xs:schema>',
      '<xs:group name="G"><xs:sequence/></xs:group></xs:schema>',
    );
    const issues = checkOrder(doc, group);
    expect(kinds(issues)).toEqual(['unsupported Order']);
    expect(issues[0]?.message).toMatch(/Order\.xsd: <xs:group> in <xs:schema> is not supported/);
  });

  it('a root element the XSD does not declare', () => {
    expect(kinds(checkSchemaAgainstXsd(doc, orderRef, xsdFile('OrderResponse.xsd'), 'Order'))).toEqual([
      'root Order',
    ]);
  });
});

describe('Notification.xsd and Notification.legacy.xsd', () => {
  const numberPath = ['CompletedTelephoneNumbers', 'TelephoneNumber'];
  /** The element tree with the TelephoneNumber leaf type blanked out. */
  const shape = (read?: ReadFile) => {
    const files = ['Notification.xsd', 'Notification.legacy.xsd'].map((file) => {
      const tree = xsdElementTree(loadXsd(xsdFile(file), { readFile: read }), 'Notification');
      const list = tree.children?.find((child) => child.name === numberPath[0]);
      const number = list?.children?.find((child) => child.name === numberPath[1]);
      if (!number?.leaf) throw new Error(`${file}: no ${numberPath.join('/')}`);
      return {
        tree: JSON.stringify(tree, (key, value) =>
          key === 'leaf' && value === number.leaf ? 'number' : value,
        ),
        leaf: number.leaf,
      };
    });
    return files;
  };

  it('declare the same elements and differ only in the telephone number type', () => {
    const [standard, legacy] = shape();
    expect(standard?.tree).toBe(legacy?.tree);
    expect(standard?.leaf.patterns).toEqual(['\\+[1-9][0-9]{1,14}']);
    expect(legacy?.leaf.patterns).toEqual(['[0-9]{10}']);
  });

  it('a drift between the two is detected', () => {
    const read = changedXsd(
      'Notification.legacy.xsd',
      'name="ActualFocDate" type="Timestamp" minOccurs="0"',
      'name="ActualFocDate" type="Timestamp"',
    );
    const [standard, legacy] = shape(read);
    expect(standard?.tree).not.toBe(legacy?.tree);
  });
});
