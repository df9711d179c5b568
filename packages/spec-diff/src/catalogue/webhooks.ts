import type { CheckSpec } from './types.js';

/** Webhooks (3.1 `webhooks`) and operations' `callbacks`: the service calls the client, so the payload is
 * read by the client (its schemas are `response-*` checks) and the answer is written by it (`request-*`). */
export const webhookChecks = {
  'webhook-removed': {
    level: 'breaking',
    direction: 'response',
    reads: 'webhooks.*.<method>, paths.*.<method>.callbacks.*.*.<method>',
    doc: 'The service no longer sends a webhook (or callback): clients waiting for it wait forever.',
    oasdiff: 'webhook-removed',
  },
  'webhook-added': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'webhooks.*.<method>, paths.*.<method>.callbacks.*.*.<method>',
    doc: 'A new webhook or callback (sent only where the client subscribes).',
    oasdiff: 'webhook-added',
  },
  'webhook-media-type-added': {
    level: 'possibly-breaking',
    bump: 'minor',
    direction: 'response',
    reads: 'webhooks.*.<method>.requestBody.content.*',
    doc: 'A webhook payload may come in a new media type the client’s handler does not parse.',
    policy:
      'A handler is the user’s code, not a generated method, and a new media type is most often one the service always sent and the spec now admits (voice declared `*/*` where the source shows no content type): possibly breaking, a minor bump.',
  },
  'webhook-media-type-removed': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'webhooks.*.<method>.requestBody.content.*',
    doc: 'A webhook payload no longer comes in a media type: the client’s handler for it is not exercised.',
  },
} as const satisfies Record<string, CheckSpec>;
