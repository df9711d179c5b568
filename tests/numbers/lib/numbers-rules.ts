/**
 * Rules of source 001 D7 checked on the bundled numbers spec. Each returns a list of problems (empty when
 * the document follows the rule), so that tests can show both the real spec passing and a broken copy
 * failing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadXsd } from '@svc-contracts/xsd-model';
import { isJsonObject, type JsonObject, resolveNode, xmlMediaTypes } from './spec.ts';

const PREFIX = '/api/v2';

/** The D7 operation table, plus the two tns operations rule 4 speaks of. */
export const D7_OPERATIONS = [
  { method: 'post', path: '/accounts/{accountId}/orders', operationId: 'createOrder' },
  { method: 'post', path: '/accounts/{accountId}/subscriptions', operationId: 'createSubscription' },
  {
    method: 'post',
    path: '/accounts/{accountId}/reports/{reportId}/instances',
    operationId: 'createReportInstance',
  },
  { method: 'get', path: '/accounts/{accountId}/e911Addresses', operationId: 'listE911Addresses' },
  {
    method: 'get',
    path: '/accounts/{accountId}/importTnOrders/messaging',
    operationId: 'listMessagingImportTnOrders',
  },
  {
    method: 'post',
    path: '/accounts/{accountId}/importTnOrders/messaging',
    operationId: 'createMessagingImportTnOrder',
  },
  {
    method: 'post',
    path: '/accounts/{accountId}/removeImportedTnOrders/messaging',
    operationId: 'createMessagingRemoveImportedTnOrder',
  },
  { method: 'get', path: '/accounts/{accountId}/inserviceNumbers', operationId: 'listInserviceNumbers' },
  {
    method: 'get',
    path: '/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns/{tn}',
    operationId: 'getSipPeerTelephoneNumber',
  },
  {
    method: 'post',
    path: '/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns',
    operationId: 'createSipPeerTelephoneNumber',
  },
] as const;

/** v1 paths that v2 replaced (versioning section and operation table). */
export const V1_PATHS = [
  '/accounts/{accountId}/addresses',
  '/accounts/{accountId}/importTnOrders',
  '/accounts/{accountId}/externalTns',
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

function operations(
  doc: JsonObject,
): { label: string; path: string; method: string; operation: JsonObject }[] {
  const list: { label: string; path: string; method: string; operation: JsonObject }[] = [];
  for (const [group, items] of [
    ['paths', doc.paths],
    ['webhooks', doc.webhooks],
  ] as const) {
    if (!isJsonObject(items)) continue;
    for (const [path, rawItem] of Object.entries(items)) {
      const item = resolveNode(doc, rawItem);
      if (!isJsonObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (isJsonObject(operation))
          list.push({ label: `${group} ${method.toUpperCase()} ${path}`, path, method, operation });
      }
    }
  }
  return list;
}

export function checkOperationTable(doc: JsonObject): string[] {
  const problems: string[] = [];
  const paths = isJsonObject(doc.paths) ? doc.paths : {};
  for (const expected of D7_OPERATIONS) {
    const item = resolveNode(doc, paths[`${PREFIX}${expected.path}`]);
    const operation = isJsonObject(item) ? item[expected.method] : undefined;
    if (!isJsonObject(operation)) {
      problems.push(`missing ${expected.method.toUpperCase()} ${PREFIX}${expected.path}`);
    } else if (operation.operationId !== expected.operationId) {
      problems.push(
        `${expected.method.toUpperCase()} ${expected.path}: operationId ${String(operation.operationId)}`,
      );
    }
  }
  const declared = operations(doc).filter((entry) => entry.label.startsWith('paths '));
  if (declared.length !== D7_OPERATIONS.length) {
    problems.push(`${declared.length} operations declared, ${D7_OPERATIONS.length} expected`);
  }
  return problems;
}

export function checkOperationConventions(doc: JsonObject): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { label, operation } of operations(doc)) {
    const id = operation.operationId;
    if (typeof id !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(id))
      problems.push(`${label}: operationId not camelCase`);
    else if (seen.has(id)) problems.push(`${label}: duplicate operationId ${id}`);
    else seen.add(id);
    if (typeof operation.summary !== 'string' || operation.summary === '')
      problems.push(`${label}: no summary`);
    if (!Array.isArray(operation.tags) || operation.tags.length === 0) problems.push(`${label}: no tag`);
    if (operation['x-source'] !== 'D7') problems.push(`${label}: x-source is not D7`);
    if (!Array.isArray(operation.security)) problems.push(`${label}: no explicit security`);
    else if (label.startsWith('paths ')) {
      if (JSON.stringify(operation.security) !== JSON.stringify([{ basicAuth: [] }])) {
        problems.push(`${label}: security is not HTTP Basic (basicAuth) alone`);
      }
    }
  }
  return problems;
}

export function checkPathsAndVersioning(doc: JsonObject): string[] {
  const problems: string[] = [];
  if (doc['x-version-prefix'] !== PREFIX) problems.push(`x-version-prefix is not ${PREFIX}`);
  const paths = Object.keys(isJsonObject(doc.paths) ? doc.paths : {});
  for (const path of paths) {
    if (!path.startsWith(`${PREFIX}/`)) problems.push(`${path} does not start with ${PREFIX}/`);
  }
  for (const v1 of V1_PATHS) {
    if (paths.some((path) => path.replace(/^\/api\/v[0-9]+/, '') === v1))
      problems.push(`v1 path ${v1} is present`);
  }
  if (paths.some((path) => path.endsWith('/e911addresses'))) {
    problems.push(
      'the path uses the lower-case e911addresses spelling, not the table spelling e911Addresses',
    );
  }
  return problems;
}

export function checkAreaCodeFilter(doc: JsonObject): string[] {
  const problems: string[] = [];
  const paths = isJsonObject(doc.paths) ? doc.paths : {};
  const item = resolveNode(doc, paths[`${PREFIX}/accounts/{accountId}/inserviceNumbers`]);
  const operation = isJsonObject(item) ? item.get : undefined;
  if (!isJsonObject(operation) || !Array.isArray(operation.parameters))
    return ['inserviceNumbers has no parameters'];
  const parameters = operation.parameters.map((raw) => resolveNode(doc, raw)).filter(isJsonObject);
  const byName = (name: string) =>
    parameters.find((parameter) => parameter.name === name && parameter.in === 'query');
  for (const name of ['countryCodeA3', 'areaCode']) {
    const parameter = byName(name);
    if (!parameter) {
      problems.push(`query parameter ${name} missing`);
      continue;
    }
    const schema = resolveNode(doc, parameter.schema);
    if (!isJsonObject(schema) || schema.type !== 'string')
      problems.push(`${name} is not a string (rule 3 for areaCode)`);
    if (parameter.required === true)
      problems.push(`${name} is required on its own; the source does not say so`);
  }
  const areaCode = byName('areaCode');
  if (areaCode && JSON.stringify(areaCode['x-requires']) !== JSON.stringify(['countryCodeA3'])) {
    problems.push('areaCode does not declare x-requires: [countryCodeA3] (rule 2)');
  }
  if (areaCode && !/countryCodeA3/.test(String(areaCode.description))) {
    problems.push('the description of areaCode does not say that it requires countryCodeA3');
  }
  return problems;
}

/** Every XML media type names its XSD (or `false` with the open string schema) and has an example. */
export function checkXmlMediaTypes(doc: JsonObject, serviceDir: string): string[] {
  const problems: string[] = [];
  for (const mediaType of xmlMediaTypes(doc)) {
    const where = `${mediaType.where} ${mediaType.contentType}`;
    if (mediaType.examples.length === 0) problems.push(`${where}: no example`);
    if (mediaType.xsd === undefined) {
      problems.push(`${where}: no x-xsd`);
    } else if (mediaType.xsd === false) {
      const schema = resolveNode(doc, mediaType.schema);
      if (!isJsonObject(schema) || schema.type !== 'string') {
        problems.push(`${where}: x-xsd false needs the open string schema (OpenXmlDocument)`);
      }
    } else {
      for (const file of [mediaType.xsd.schema, mediaType.xsd.legacySchema]) {
        if (file === undefined) continue;
        const path = join(serviceDir, file);
        if (!existsSync(path)) problems.push(`${where}: ${file} does not exist`);
        else if (!loadXsd(path).elements.has(mediaType.xsd.element)) {
          problems.push(`${where}: ${file} declares no global element ${mediaType.xsd.element}`);
        }
      }
    }
  }
  return problems;
}

/** Every response with a body has an example on each media type; every response declares content or not. */
export function checkResponseExamples(doc: JsonObject): string[] {
  const problems: string[] = [];
  for (const { label, operation } of operations(doc)) {
    const responses = isJsonObject(operation.responses) ? operation.responses : {};
    for (const [status, raw] of Object.entries(responses)) {
      const response = resolveNode(doc, raw);
      if (!isJsonObject(response) || !isJsonObject(response.content)) continue;
      for (const [contentType, mediaType] of Object.entries(response.content)) {
        if (!isJsonObject(mediaType)) continue;
        const hasExample =
          mediaType.example !== undefined ||
          (isJsonObject(mediaType.examples) && Object.keys(mediaType.examples).length > 0);
        if (!hasExample) problems.push(`${label} ${status} ${contentType}: no example`);
      }
    }
  }
  return problems;
}

const TN_ERROR = '#/components/schemas/SipPeerTelephoneNumberResponse';
const TNS_PATH = '/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns';

/**
 * The source shows the Tn error only for messaging switched through the tns operations (rule 4): the
 * Tn error body appears only on a 400 of an operation of `/sippeers/{sippeerId}/tns`, and no other error
 * status or body is invented (no `x-validation-status`, no `x-error-schemas` naming the Tn error).
 */
export function checkTnErrorOnlyOnTns(doc: JsonObject): string[] {
  const problems: string[] = [];
  if (doc['x-validation-status'] !== undefined) problems.push('x-validation-status: the source states none');
  if (JSON.stringify(doc['x-error-schemas'] ?? {}).includes(TN_ERROR))
    problems.push('x-error-schemas names the Tn error: the source shows it for the tns operations only');
  for (const { label, path, operation } of operations(doc)) {
    const responses = isJsonObject(operation.responses) ? operation.responses : {};
    for (const [status, raw] of Object.entries(responses)) {
      const response = resolveNode(doc, raw);
      const content = isJsonObject(response) && isJsonObject(response.content) ? response.content : {};
      for (const mediaType of Object.values(content)) {
        const schema = isJsonObject(mediaType) ? mediaType.schema : undefined;
        const isTnError = isJsonObject(schema) && schema.$ref === TN_ERROR;
        if (isTnError && (status !== '400' || path !== TNS_PATH))
          problems.push(`${label} ${status}: the Tn error outside the 400 of the tns operations`);
      }
    }
  }
  return problems;
}

/** Values of TelephoneNumber and FullNumber elements in an XML text. */
export function telephoneNumbersIn(xml: string): string[] {
  return [...xml.matchAll(/<(TelephoneNumber|FullNumber)>([^<]*)<\/\1>/g)].map((match) => match[2] ?? '');
}

/** Rule 1: every telephone number in the spec's XML examples is E.164 (LEGACY appears only in prose). */
export function checkExampleNumbersE164(doc: JsonObject): string[] {
  const problems: string[] = [];
  for (const mediaType of xmlMediaTypes(doc)) {
    for (const example of mediaType.examples) {
      for (const number of telephoneNumbersIn(example.value)) {
        if (!/^\+[1-9][0-9]{1,14}$/.test(number))
          problems.push(`${mediaType.where} ${example.name}: ${number}`);
      }
    }
  }
  return problems;
}
