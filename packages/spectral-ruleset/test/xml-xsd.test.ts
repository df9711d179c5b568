import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isUnderXmlMediaType } from '../src/lib/openapi.js';
import { lintVariant, type Spec } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';
const REQUEST = ['paths', NUMBERS, 'post', 'requestBody', 'content', 'application/xml'];
const RESPONSE = ['paths', NUMBERS, 'post', 'responses', '201', 'content', 'application/xml; charset=utf-8'];

describe('isUnderXmlMediaType', () => {
  it('sees an XML media type, with or without parameters, anywhere above the path', () => {
    expect(isUnderXmlMediaType([...RESPONSE, 'schema', 'properties', 'id'])).toBe(true);
    expect(isUnderXmlMediaType(['paths', NUMBERS, 'get', 'content', 'Application/XML'])).toBe(true);
    expect(isUnderXmlMediaType(['paths', NUMBERS, 'get', 'content', 'application/soap+xml', 'schema'])).toBe(
      true,
    );
    expect(isUnderXmlMediaType(['paths', NUMBERS, 'get', 'content', 'application/json', 'schema'])).toBe(
      false,
    );
  });
});

describe('svc-xml-xsd', () => {
  it('accepts XML request and response media types whose x-xsd exists next to the document', async () => {
    expect(await lintVariant('svc-xml-xsd', () => {})).toEqual([]);
  });

  it('accepts `x-xsd: false` for an XML document the source leaves open', async () => {
    const found = await lintVariant('svc-xml-xsd', (spec) => {
      spec.paths[NUMBERS].post.responses['201'].content['application/xml; charset=utf-8']['x-xsd'] = false;
    });
    expect(found).toEqual([]);
  });

  it('accepts `otherRoots: open`, and reports any other value of it', async () => {
    const response = (spec: Spec) =>
      spec.paths[NUMBERS].post.responses['201'].content['application/xml; charset=utf-8']['x-xsd'];
    expect(
      await lintVariant('svc-xml-xsd', (spec) => {
        response(spec).otherRoots = 'open';
      }),
    ).toEqual([]);
    expect(
      await lintVariant('svc-xml-xsd', (spec) => {
        response(spec).otherRoots = true;
      }),
    ).toEqual([
      {
        code: 'svc-xml-xsd',
        path: [...RESPONSE, 'x-xsd'],
        message:
          '`x-xsd` on application/xml; charset=utf-8 must be `{schema: <.xsd path relative to the service folder>, element: <root element>}` (optionally `legacySchema`, `otherRoots: open`), or `false`: `otherRoots`, when present, must be `open` (a document of another root element is only checked for well-formedness).',
      },
    ]);
  });

  it('accepts a legacySchema next to schema when both files exist', async () => {
    const found = await lintVariant('svc-xml-xsd', (spec) => {
      spec.paths[NUMBERS].post.requestBody.content['application/xml']['x-xsd'].legacySchema = 'xsd/order.xsd';
    });
    expect(found).toEqual([]);
  });

  it('reports a legacySchema that is not an .xsd path, or does not exist', async () => {
    const found = await lintVariant('svc-xml-xsd', (spec) => {
      spec.paths[NUMBERS].post.requestBody.content['application/xml']['x-xsd'].legacySchema =
        '/abs/order.xsd';
      spec.paths[NUMBERS].post.responses['201'].content['application/xml; charset=utf-8'][
        'x-xsd'
      ].legacySchema = 'xsd/order.legacy.xsd';
    });
    expect(found).toEqual([
      {
        code: 'svc-xml-xsd',
        path: [...REQUEST, 'x-xsd'],
        message:
          '`x-xsd` on application/xml must be `{schema: <.xsd path relative to the service folder>, element: <root element>}` (optionally `legacySchema`, `otherRoots: open`), or `false`: `legacySchema` must be a path relative to the service folder.',
      },
      {
        code: 'svc-xml-xsd',
        path: [...RESPONSE, 'x-xsd', 'legacySchema'],
        message:
          '`x-xsd.legacySchema` `xsd/order.legacy.xsd` does not exist in the service folder (packages/spectral-ruleset/test/fixtures/xml-service): fix the path or add the XSD.',
      },
    ]);
  });

  it('reports an XML media type without x-xsd', async () => {
    const found = await lintVariant('svc-xml-xsd', (spec) => {
      delete spec.paths[NUMBERS].post.requestBody.content['application/xml']['x-xsd'];
    });
    expect(found).toEqual([
      {
        code: 'svc-xml-xsd',
        path: REQUEST,
        message:
          'The XML media type application/xml has no `x-xsd`: name the XSD its body must validate against, for example `x-xsd: {schema: xsd/order.xsd, element: Order}` (path relative to the service folder), or write `x-xsd: false` if the source leaves the document open.',
      },
    ]);
  });

  it('reports a malformed x-xsd and a missing XSD file', async () => {
    const found = await lintVariant('svc-xml-xsd', (spec) => {
      spec.paths[NUMBERS].post.requestBody.content['application/xml']['x-xsd'] = { schema: 'xsd/order.xsd' };
      spec.paths[NUMBERS].post.responses['201'].content['application/xml; charset=utf-8']['x-xsd'].schema =
        'xsd/missing.xsd';
    });
    expect(found).toEqual([
      {
        code: 'svc-xml-xsd',
        path: [...REQUEST, 'x-xsd'],
        message:
          '`x-xsd` on application/xml must be `{schema: <.xsd path relative to the service folder>, element: <root element>}` (optionally `legacySchema`, `otherRoots: open`), or `false`: `element` must be the name of the root element.',
      },
      {
        code: 'svc-xml-xsd',
        path: [...RESPONSE, 'x-xsd', 'schema'],
        message:
          '`x-xsd.schema` `xsd/missing.xsd` does not exist in the service folder (packages/spectral-ruleset/test/fixtures/xml-service): fix the path or add the XSD.',
      },
    ]);
  });

  it('skips the file check for a document without a source', async () => {
    const found = await lintVariant(
      'svc-xml-xsd',
      (spec) => {
        spec.paths[NUMBERS].post.requestBody.content['application/xml']['x-xsd'].schema = 'xsd/missing.xsd';
      },
      { source: null },
    );
    expect(found).toEqual([]);
  });

  it('looks XSDs up in xsdBaseDirectory when given, for a bundle that lives elsewhere', async () => {
    const elsewhere = { source: fileURLToPath(new URL('./bundled/numbers.yaml', import.meta.url)) };
    expect(await lintVariant('svc-xml-xsd', () => {}, elsewhere)).toHaveLength(2);
    const serviceFolder = fileURLToPath(new URL('./fixtures/xml-service', import.meta.url));
    const found = await lintVariant('svc-xml-xsd', () => {}, {
      ...elsewhere,
      rulesetOptions: { xsdBaseDirectory: () => serviceFolder },
    });
    expect(found).toEqual([]);
  });
});
