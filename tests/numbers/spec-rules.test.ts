/**
 * D7 rules on the numbers spec: operation table, versioning, area-code filter, XML media types,
 * examples and the error schema. Each rule passes on the real spec and fails on a broken copy.
 */
import { describe, expect, it } from 'vitest';
import {
  checkAreaCodeFilter,
  checkExampleNumbersE164,
  checkOperationConventions,
  checkOperationTable,
  checkPathsAndVersioning,
  checkResponseExamples,
  checkTnErrorOnlyOnTns,
  checkXmlMediaTypes,
  telephoneNumbersIn,
} from './lib/numbers-rules.ts';
import { SERVICE_DIR, SPEC_ROOT } from './lib/paths.ts';
import { isJsonObject, type Json, type JsonObject, loadBundledSpec } from './lib/spec.ts';

const doc = await loadBundledSpec(SPEC_ROOT);

function changedSpec(change: (copy: JsonObject) => void): JsonObject {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}

function at(node: JsonObject, ...keys: string[]): JsonObject {
  let current: JsonObject = node;
  for (const key of keys) {
    const next = current[key];
    if (!isJsonObject(next)) throw new Error(`no ${keys.join('.')}`);
    current = next;
  }
  return current;
}

const ORDERS = '/api/v2/accounts/{accountId}/orders';
const INSERVICE = '/api/v2/accounts/{accountId}/inserviceNumbers';

describe('operation table', () => {
  it('every D7 operation is present with its operationId, and nothing else', () => {
    expect(checkOperationTable(doc)).toEqual([]);
  });

  it('a missing operation or a changed operationId is reported', () => {
    const spec = changedSpec((copy) => {
      delete at(copy, 'paths')['/api/v2/accounts/{accountId}/e911Addresses'];
      at(copy, 'paths', ORDERS, 'post').operationId = 'postOrder';
    });
    expect(checkOperationTable(spec)).toEqual([
      'POST /accounts/{accountId}/orders: operationId postOrder',
      'missing GET /api/v2/accounts/{accountId}/e911Addresses',
      '9 operations declared, 10 expected',
    ]);
  });

  it('operations and the webhook carry camelCase ids, summaries, tags, x-source D7 and explicit security', () => {
    expect(checkOperationConventions(doc)).toEqual([]);
  });

  it('missing conventions are reported', () => {
    const spec = changedSpec((copy) => {
      const post = at(copy, 'paths', ORDERS, 'post');
      post.operationId = 'Create_Order';
      delete post['x-source'];
      post.security = [{ basicAuth: [] }, {}];
    });
    expect(checkOperationConventions(spec)).toEqual([
      `paths POST ${ORDERS}: operationId not camelCase`,
      `paths POST ${ORDERS}: x-source is not D7`,
      `paths POST ${ORDERS}: security is not HTTP Basic (basicAuth) alone`,
    ]);
  });
});

describe('versioning', () => {
  it('every path carries /api/v2, no v1 path remains, e911Addresses uses the table spelling', () => {
    expect(checkPathsAndVersioning(doc)).toEqual([]);
  });

  it('a v1 path, a path without the prefix or the other spelling is reported', () => {
    const spec = changedSpec((copy) => {
      const paths = at(copy, 'paths');
      paths['/api/v2/accounts/{accountId}/externalTns'] = {};
      paths['/accounts/{accountId}/e911addresses'] = {};
    });
    expect(checkPathsAndVersioning(spec)).toEqual([
      '/accounts/{accountId}/e911addresses does not start with /api/v2/',
      'v1 path /accounts/{accountId}/externalTns is present',
      'the path uses the lower-case e911addresses spelling, not the table spelling e911Addresses',
    ]);
  });
});

describe('area-code filter (rules 2 and 3)', () => {
  it('areaCode and countryCodeA3 are optional strings and areaCode requires countryCodeA3', () => {
    expect(checkAreaCodeFilter(doc)).toEqual([]);
  });

  it('a numeric areaCode or a missing x-requires is reported', () => {
    const spec = changedSpec((copy) => {
      const areaCode = at(copy, 'components', 'parameters', 'areaCode');
      areaCode.schema = { type: 'integer' };
      delete areaCode['x-requires'];
    });
    expect(checkAreaCodeFilter(spec)).toEqual([
      'areaCode is not a string (rule 3 for areaCode)',
      'areaCode does not declare x-requires: [countryCodeA3] (rule 2)',
    ]);
  });
});

describe('XML media types', () => {
  it('each names an existing XSD and its root element, or x-xsd false with the open string schema', () => {
    expect(checkXmlMediaTypes(doc, SERVICE_DIR)).toEqual([]);
  });

  it('a missing x-xsd, an unknown element, a missing file and an object schema without XSD are reported', () => {
    const spec = changedSpec((copy) => {
      const request = at(copy, 'paths', ORDERS, 'post', 'requestBody', 'content', 'application/xml');
      delete request['x-xsd'];
      const response = at(copy, 'paths', ORDERS, 'post', 'responses', '2XX', 'content', 'application/xml');
      response['x-xsd'] = { schema: 'xsd/OrderResponse.xsd', element: 'Order' };
      const webhook = at(
        copy,
        'webhooks',
        'orderNotification',
        'post',
        'requestBody',
        'content',
        'application/xml; charset=utf-8',
      );
      webhook['x-xsd'] = {
        schema: 'xsd/Notification.xsd',
        element: 'Notification',
        legacySchema: 'xsd/Nope.xsd',
      };
      const subscription = at(
        copy,
        'paths',
        '/api/v2/accounts/{accountId}/subscriptions',
        'post',
        'responses',
        '2XX',
        'content',
        'application/xml',
      );
      subscription.schema = { type: 'object' };
    });
    expect(checkXmlMediaTypes(spec, SERVICE_DIR)).toEqual([
      `POST ${ORDERS} request application/xml: no x-xsd`,
      `POST ${ORDERS} 2XX response application/xml: xsd/OrderResponse.xsd declares no global element Order`,
      'POST /api/v2/accounts/{accountId}/subscriptions 2XX response application/xml: x-xsd false needs the open string schema (OpenXmlDocument)',
      'webhook POST orderNotification request application/xml; charset=utf-8: xsd/Nope.xsd does not exist',
    ]);
  });

  it('every response body has an example', () => {
    expect(checkResponseExamples(doc)).toEqual([]);
  });

  it('a response body without an example is reported', () => {
    const spec = changedSpec((copy) => {
      delete at(copy, 'paths', ORDERS, 'post', 'responses', '2XX', 'content', 'application/xml').examples;
    });
    expect(checkResponseExamples(spec)).toEqual([`paths POST ${ORDERS} 2XX application/xml: no example`]);
  });

  it('telephone numbers in the examples are E.164 (rule 1)', () => {
    expect(checkExampleNumbersE164(doc)).toEqual([]);
    expect(
      telephoneNumbersIn(
        '<a><TelephoneNumber>+14155550100</TelephoneNumber><FullNumber>4155550100</FullNumber></a>',
      ),
    ).toEqual(['+14155550100', '4155550100']);
  });

  it('a 10-digit number in an example is reported', () => {
    const spec = changedSpec((copy) => {
      const example = at(copy, 'components', 'examples', 'open-inservice-numbers');
      example.value = String(example.value).replace('+14155550101', '4155550101');
    });
    expect(checkExampleNumbersE164(spec)).toEqual([`GET ${INSERVICE} 2XX response numbers: 4155550101`]);
  });
});

describe('errors', () => {
  it('the Tn error is the 400 of the tns operation only; no validation status is invented', () => {
    expect(doc['x-validation-status']).toBeUndefined();
    expect(doc['x-error-schemas']).toBeUndefined();
    expect(checkTnErrorOnlyOnTns(doc)).toEqual([]);
  });

  it('a Tn error on another operation, or an x-validation-status, is reported', () => {
    const spec = changedSpec((copy) => {
      at(copy, 'paths', ORDERS, 'post', 'responses')['400'] = at(
        copy,
        'paths',
        '/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns',
        'post',
        'responses',
      )['400'] as Json;
      copy['x-validation-status'] = 400;
    });
    expect(checkTnErrorOnlyOnTns(spec)).toEqual([
      'x-validation-status: the source states none',
      `paths POST ${ORDERS} 400: the Tn error outside the 400 of the tns operations`,
    ]);
  });

  it('every operation declares an open 4XX and 401 (the source shows neither status nor body of a refusal)', () => {
    const withStatus = (status: string) =>
      Object.entries(at(doc, 'paths')).flatMap(([path, item]) =>
        Object.entries(isJsonObject(item) ? item : {})
          .filter(
            ([, operation]) =>
              isJsonObject(operation) && isJsonObject(operation.responses) && status in operation.responses,
          )
          .map(([method]) => `${method} ${path}`),
      );
    // Rule 4: the tns create operation answers the messaging switch with 400 and the Tn error.
    expect(withStatus('400')).toEqual([
      'post /api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns',
    ]);
    // Any other refusal, on any operation (a GET of an unknown number, a 403, a 409 of the tns create
    // operation): the source shows neither status nor body (any 4xx, open body).
    expect(withStatus('4XX')).toHaveLength(10);
    expect(withStatus('401')).toHaveLength(10);
  });
});
