import { afterAll, describe, expect, it } from 'vitest';
import { closeXmlValidators } from '../../numbers-client/src/index.ts';
import { loadWebhooks, type WebhookDefinition } from '../src/webhooks/catalog.ts';
import { buildPayload } from '../src/webhooks/payload.ts';
import { configPath } from './support.ts';

/**
 * Every webhook the specs declare has its typed receiver in the client of its service
 * (`receive<Name>` and `<name>Handler` in `<service>-client/src/webhooks.ts`), and that receiver
 * accepts every example of the spec as the mocks send it (`trigger`, `--stateful`).
 */
const webhooks = await loadWebhooks(configPath);
afterAll(() => closeXmlValidators());

const capitalized = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

async function receiverOf(webhook: WebhookDefinition) {
  const module = (await import(`../../${webhook.service}-client/src/webhooks.ts`)) as Record<string, unknown>;
  return {
    receive: module[`receive${capitalized(webhook.name)}`],
    handler: module[`${webhook.name}Handler`],
  };
}

describe('webhook receivers of the clients', () => {
  it('the specs declare the four callbacks of the source', () => {
    expect(webhooks.map((webhook) => webhook.id).sort()).toEqual([
      'messaging/messageCallback',
      'mfa/verificationCallback',
      'numbers/orderNotification',
      'voice/disconnectEvent',
    ]);
  });

  it.each(webhooks.map((webhook) => [webhook.id, webhook] as const))(
    '%s: a typed receiver and handler, accepting every example of the spec as the mocks send it',
    async (_id, webhook) => {
      const { receive, handler } = await receiverOf(webhook);
      expect(typeof receive).toBe('function');
      expect(typeof handler).toBe('function');
      for (const example of webhook.examples) {
        const { body, contentType } = buildPayload(webhook, { exampleName: example.name });
        await expect(
          (receive as (delivery: unknown) => Promise<unknown>)({
            headers: { 'content-type': contentType },
            body,
          }),
          example.name,
        ).resolves.toBeDefined();
        if (webhook.hasLegacyForm) {
          const legacy = buildPayload(webhook, { exampleName: example.name, numberFormat: 'LEGACY' });
          await expect(
            (receive as (delivery: unknown, options: unknown) => Promise<unknown>)(
              { headers: { 'content-type': legacy.contentType }, body: legacy.body },
              { numberFormat: 'LEGACY' },
            ),
          ).resolves.toBeDefined();
        }
      }
    },
  );
});
