import type { ContractSet } from '@svc-contracts/contract-checker';
import type { MockResponse } from '@svc-contracts/error-answers';
import type { MockRequest } from '../request.js';
import type { BundledService } from '../services.js';
import { OrderNotifier, type WebhookDeliveryOptions } from './order-notifier.js';
import { DeliveryRecorder } from './record.js';

/** The callbacks of a stateful mock set: what each service's notifier makes of the requests it answered. */
export interface WebhookDeliveries {
  /** The answer to send instead of the mock's (a subscription past the cap), else the mock's own. */
  answer(service: string, request: MockRequest, response: MockResponse): MockResponse;
  observe(service: string, request: MockRequest, response: MockResponse): void;
  /** Ends retries, waits for attempts under way and closes the recording. */
  stop(): Promise<void>;
}

/** One notifier per service whose spec has the subscription and order callbacks (numbers today). */
export async function startWebhookDeliveries(
  services: readonly BundledService[],
  contracts: ContractSet,
  options: WebhookDeliveryOptions,
): Promise<WebhookDeliveries> {
  const recorder =
    options.record === undefined ? undefined : await DeliveryRecorder.create(options.record, options.mask);
  const notifiers = new Map<string, OrderNotifier>();
  for (const { source, spec } of services) {
    const notifier = await OrderNotifier.for(source.name, spec, contracts, options, recorder);
    if (notifier) notifiers.set(source.name, notifier);
  }
  return {
    answer: (service, request, response) => notifiers.get(service)?.answer(request, response) ?? response,
    observe: (service, request, response) => notifiers.get(service)?.observe(request, response),
    async stop() {
      await Promise.all([...notifiers.values()].map((notifier) => notifier.stop()));
      await recorder?.close();
    },
  };
}
