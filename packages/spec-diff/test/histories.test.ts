// Real spec histories: consecutive releases of Twilio's and Stripe's published specs, cut to the paths each release
// changed (test/histories/README.md), judged by the gate with the verdict and the reasons its changelog gives.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffSpecs, requiredBump } from '../src/index.js';

const load = (name: string) =>
  JSON.parse(
    readFileSync(
      new URL(`histories/${name.includes('-v') ? 'stripe' : 'twilio'}/${name}.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;
const judged = (before: string, after: string) => {
  const changes = diffSpecs(load(before), load(after));
  return {
    bump: requiredBump(changes),
    changes: changes.map((change) => [change.id, change.pointer.split('/').pop(), change.reason]),
  };
};
const schemas = '#/components/schemas';

describe('twilio-oai release pairs', () => {
  it('events 2.3.5 → 2.4.0: "Remove `SinkSid` parameter when updating subscriptions" (breaking)', () => {
    expect(judged('events-2.3.5', 'events-2.4.0')).toEqual({
      bump: 'major',
      changes: [['request-property-removed', 'SinkSid', 'removed property `SinkSid`']],
    });
  });
  it('numbers 1.48.0 → 1.49.0: "Renaming sid for bulk_hosting_sid and remove account_sid" (breaking)', () => {
    const changes = diffSpecs(load('numbers-1.48.0'), load('numbers-1.49.0'));
    expect(requiredBump(changes)).toBe('major');
    const order = `${schemas}/numbers.v2.bulk_hosted_number_order/properties`;
    expect(changes.map((change) => [change.id, change.pointer, change.reason])).toEqual([
      [
        'request-path-parameter-renamed',
        '#/paths/~1v2~1HostedNumber~1Orders~1Bulk~1{BulkHostingSid}',
        'path parameter `{Sid}` renamed `{BulkHostingSid}` (`/v2/HostedNumber/Orders/Bulk/{Sid}` → `/v2/HostedNumber/Orders/Bulk/{BulkHostingSid}`, the same URL template)',
      ],
      ['response-property-removed', `${order}/sid`, 'removed property `sid`'],
      ['response-property-removed', `${order}/account_sid`, 'removed property `account_sid`'],
      ['response-property-added', `${order}/bulk_hosting_sid`, 'added property `bulk_hosting_sid`'],
    ]);
    // The operation is still the same one, compared under its new path.
    expect(changes.filter((change) => change.operation).map((change) => change.operation)).toEqual([
      'GET /v2/HostedNumber/Orders/Bulk/{BulkHostingSid}',
      'GET /v2/HostedNumber/Orders/Bulk/{BulkHostingSid}',
      'GET /v2/HostedNumber/Orders/Bulk/{BulkHostingSid}',
    ]);
  });
  it('api 2.4.2 → 2.5.0: "Remove usage category enum from usage record" (breaking for readers)', () => {
    expect(judged('api-2.4.2', 'api-2.5.0')).toEqual({
      bump: 'major',
      changes: [
        ['request-enum-removed', 'enum', 'enum restriction removed'],
        ['response-became-nullable', 'type', 'became nullable'],
        ['response-enum-removed', 'enum', 'enum restriction removed'],
      ],
    });
  });
  it('studio 2.4.1 → 2.4.2: "Add `type` to Step resource APIs" (not breaking)', () => {
    expect(judged('studio-2.4.1', 'studio-2.4.2')).toEqual({
      bump: 'minor',
      changes: [['response-property-added', 'type', 'added property `type`']],
    });
  });
});

describe('stripe/openapi release pairs', () => {
  it('v112 → v113: a request string that may now be "" widens; a response that may now be a deleted object breaks readers', () => {
    const changes = diffSpecs(load('products-locations-v112'), load('products-locations-v113'));
    expect(requiredBump(changes)).toBe('major');
    expect(changes.map((change) => [change.id, change.operation, change.reason])).toEqual([
      [
        'request-alternative-added',
        'POST /v1/products/{id}',
        '`anyOf` keeps the old schema and adds member `{"enum":[""],"type":"string"}`',
      ],
      [
        'response-alternative-added',
        'GET /v1/terminal/locations/{location}',
        '`anyOf` keeps the old schema and adds member `#/components/schemas/deleted_terminal.location`',
      ],
    ]);
  });
});
