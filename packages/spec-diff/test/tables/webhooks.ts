import { doc, operation, type Row } from './table.js';

const hook = (content: Record<string, unknown>, answer: Record<string, unknown> = {}) => ({
  post: {
    requestBody: { content },
    responses: {
      '200': { description: 'ok', ...(Object.keys(answer).length > 0 ? { content: answer } : {}) },
    },
  },
});
const json = (schema: unknown) => ({ 'application/json': { schema } });
const api = (webhooks: Record<string, unknown>) => doc({}, { webhooks });

export const webhookRows: Row[] = [
  {
    name: 'a webhook removed',
    given: { openapi: [api({ orderEvent: hook(json({})) }), api({})] },
    want: ['webhook-removed'],
  },
  {
    name: 'a webhook added',
    given: { openapi: [api({}), api({ orderEvent: hook(json({})) })] },
    want: ['webhook-added'],
  },
  {
    name: 'a payload media type added (possibly breaking, minor)',
    given: { openapi: [api({ e: hook(json({})) }), api({ e: hook({ ...json({}), '*/*': {} }) })] },
    want: ['webhook-media-type-added'],
  },
  {
    name: 'a payload media type removed',
    given: { openapi: [api({ e: hook({ ...json({}), 'text/plain': {} }) }), api({ e: hook(json({})) })] },
    want: ['webhook-media-type-removed'],
  },
  {
    name: 'the payload is read by the client: an enum value added is a response change',
    given: {
      openapi: [api({ e: hook(json({ enum: ['a'] })) }), api({ e: hook(json({ enum: ['a', 'b'] })) })],
    },
    want: ['response-enum-value-added'],
  },
  {
    name: 'the answer is written by the client: a required property added is a request change',
    given: {
      openapi: [
        api({ e: hook(json({}), json({ type: 'object', properties: {} })) }),
        api({ e: hook(json({}), json({ type: 'object', properties: { ok: {} }, required: ['ok'] })) }),
      ],
    },
    want: ['request-property-added-required'],
  },
  {
    name: 'an operation’s callback removed, and another’s payload read by the client',
    given: {
      openapi: [
        operation({
          callbacks: {
            done: { '{$request.body#/url}': hook(json({ enum: ['a'] })) },
            gone: { '{$url}': hook(json({})) },
          },
        }),
        operation({ callbacks: { done: { '{$request.body#/url}': hook(json({ enum: ['a', 'b'] })) } } }),
      ],
    },
    want: ['webhook-removed', 'response-enum-value-added'],
  },
];
