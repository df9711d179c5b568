import { randomUUID } from 'node:crypto';
import type { ContractSet } from '@svc-contracts/contract-checker';
import { errorResponse, type MockResponse } from '@svc-contracts/error-answers';
import type { HarNameValue } from '@svc-contracts/har';
import { isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import type { MaskOptions } from '@svc-contracts/redact';
import { parseXml } from '@svc-contracts/xml-validator';
import { type MockRequest, toRecordedRequest } from '../request.js';
import { type WebhookDefinition, webhooksOf } from './catalog.js';
import {
  accepted,
  type Delivery,
  DeliveryUrlError,
  defaultRetryPolicy,
  deliverWithRetries,
  deliveryUrl,
  isLoopback,
  type RetryPolicy,
  Slots,
} from './deliver.js';
import { buildPayload, legacyNumber } from './payload.js';
import type { DeliveryRecorder } from './record.js';

/** What `--stateful` does with callbacks (the CLI's `--callback-allow`, `--record`). */
export interface WebhookDeliveryOptions {
  /** Hosts a subscription's URL may name besides this machine's loopback (`host` or `host:port`, as the URL
   * writes it). */
  allowHosts?: readonly string[];
  /** A new HAR file that gets every answered delivery attempt (masked, marked `_webhook`). */
  record?: string;
  /** Retries of a failed delivery (the mock's choice: `defaultRetryPolicy`). */
  retry?: RetryPolicy;
  /** Bound of one attempt, in ms (default 5000). */
  timeoutMs?: number;
  /** Subscriptions kept at once, expired ones not counted (default 100): past it, a subscription the mock
   * would have accepted is refused with 409 (see {@link OrderNotifier.answer}). */
  maxSubscriptions?: number;
  /** Delivery attempts in flight at once, each one connection (default 16); the others wait in turn, at most
   * {@link maxWaitingDeliveries}. */
  maxConcurrentDeliveries?: number;
  /** Extra names to mask in the recording, besides the built-in credential names. */
  mask?: MaskOptions;
  /** One line per attempt and per refusal to deliver; `failed` for the ones that did not go well. */
  onLog?: (line: string, failed: boolean) => void;
}

/** A subscription as the mock keeps it (from the `Subscription` document it was sent). */
export interface KeptSubscription {
  id: string;
  orderType: string | undefined;
  url: string;
  /** Seconds from creation (the mock's reading of `Expiry`), undefined when not given. */
  expiry: number | undefined;
  createdAt: number;
  numberFormat: 'E164' | 'LEGACY';
  basic: { username: string; password: string } | undefined;
}

type XmlTree = Record<string, unknown>;

/** The mock's bounds, where the source shows none: see {@link WebhookDeliveryOptions}. */
export const defaultWebhookLimits = { maxSubscriptions: 100, maxConcurrentDeliveries: 16 } as const;
/** Deliveries waiting for a connection at most; past it an attempt is not sent (and retried later). */
export const maxWaitingDeliveries = 10_000;

/** A limit of {@link WebhookDeliveryOptions}: a whole number of at least 1, else a RangeError saying so. */
function limitOf(options: WebhookDeliveryOptions, name: keyof typeof defaultWebhookLimits): number {
  const value = options[name] ?? defaultWebhookLimits[name];
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`webhooks.${name} must be a whole number of at least 1, not ${String(value)}.`);
  return value;
}

/** The numbers mock's subscriptions and order notifications (`--stateful`): a `Subscription` created on the
 * mock is kept; an `Order` the mock accepts afterwards is followed by a `Notification` POSTed to the URL of
 * every live subscription whose `OrderType` is `orders` (or that names none), with the order's own numbers
 * (E.164, or 10-digit under `NumberFormat` `LEGACY`), `Status` `COMPLETE`, the order's `id` as
 * `CustomerOrderId`, the time of the order as both dates, the subscription's id as `SubscriptionId`, and its
 * `BasicAuthentication` as HTTP Basic. The order's answer is sent first; deliveries run after it, each
 * bounded in time, and are retried per {@link RetryPolicy}. */
export class OrderNotifier {
  private readonly subscriptions: KeptSubscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private stopped = false;
  private readonly maxSubscriptions: number;
  private readonly slots: Slots;

  private constructor(
    private readonly service: string,
    private readonly spec: OpenApiDocument,
    private readonly contracts: ContractSet,
    private readonly webhook: WebhookDefinition,
    private readonly options: WebhookDeliveryOptions,
    private readonly recorder: DeliveryRecorder | undefined,
  ) {
    this.maxSubscriptions = limitOf(options, 'maxSubscriptions');
    this.slots = new Slots(limitOf(options, 'maxConcurrentDeliveries'), maxWaitingDeliveries);
  }

  /** The notifier of a service whose spec declares `orderNotification`, `createSubscription` and `createOrder`; else undefined. */
  static async for(
    service: string,
    spec: OpenApiDocument,
    contracts: ContractSet,
    options: WebhookDeliveryOptions,
    recorder?: DeliveryRecorder,
  ): Promise<OrderNotifier | undefined> {
    // A bad bound is refused on every service, not only on the ones that send.
    for (const name of ['maxSubscriptions', 'maxConcurrentDeliveries'] as const) limitOf(options, name);
    const webhook = webhooksOf(service, spec).find((candidate) => candidate.name === 'orderNotification');
    if (!webhook) return undefined;
    return new OrderNotifier(service, spec, contracts, webhook, options, recorder);
  }

  /** The subscriptions kept so far (for tests and logs). */
  get kept(): readonly KeptSubscription[] {
    return this.subscriptions;
  }

  /** The answer to send for a request of this service: the mock's own, unless it accepts a subscription while
   * {@link WebhookDeliveryOptions.maxSubscriptions} live ones are kept. */
  answer(request: MockRequest, response: MockResponse): MockResponse {
    if (this.stopped || request.method !== 'POST' || response.status < 200 || response.status > 299)
      return response;
    if (this.subscriptions.length < this.maxSubscriptions) return response;
    this.dropExpired();
    if (this.subscriptions.length < this.maxSubscriptions) return response;
    try {
      const match = this.contracts.match(request.method, toRecordedRequest(request).url, {
        service: this.service,
      });
      if (match?.operationId !== 'createSubscription') return response;
    } catch {
      return response;
    }
    const message = `The mock keeps at most ${this.maxSubscriptions} subscriptions (webhooks.maxSubscriptions); this one is not kept. 409 is the mock's answer: the source documents no status for this.`;
    this.log(
      `webhook ${this.webhook.id}: subscription refused (${this.maxSubscriptions} kept already)`,
      true,
    );
    return errorResponse(this.spec, operationById(this.spec, 'createSubscription'), 409, [
      { rule: 'subscription-limit', message, side: 'request' },
    ]);
  }

  /** Called after the mock has answered a request of this service; never throws, never waits. */
  observe(request: MockRequest, response: MockResponse): void {
    if (this.stopped || request.method !== 'POST' || response.status < 200 || response.status > 299) return;
    try {
      const match = this.contracts.match(request.method, toRecordedRequest(request).url, {
        service: this.service,
      });
      if (match?.operationId === 'createSubscription') this.keep(request, response);
      else if (match?.operationId === 'createOrder') this.notify(request, response);
    } catch (error) {
      this.log(
        `webhook ${this.webhook.id}: not sent (${error instanceof Error ? error.message : String(error)})`,
        true,
      );
    }
  }

  /** Ends the attempts under way and the retries still to come, and waits for them to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await Promise.all([...this.inFlight]);
  }

  private dropExpired(): void {
    const now = Date.now();
    const live = this.subscriptions.filter(
      (kept) => kept.expiry === undefined || now <= kept.createdAt + kept.expiry * 1000,
    );
    this.subscriptions.splice(0, this.subscriptions.length, ...live);
  }

  private keep(request: MockRequest, response: MockResponse): void {
    const sent = parseXml<XmlTree>(request.body ?? '');
    const subscription = child(sent, 'Subscription');
    const callback = child(subscription, 'CallbackSubscription');
    const url = text(callback, 'URL');
    if (url === undefined) {
      this.log(
        `webhook ${this.webhook.id}: a subscription without CallbackSubscription URL is not kept`,
        true,
      );
      return;
    }
    const basic = child(child(callback, 'CallbackCredentials'), 'BasicAuthentication');
    const username = text(basic, 'Username');
    const password = text(basic, 'Password');
    const expiry = Number(text(callback, 'Expiry'));
    // The answer's id when it has one no kept subscription has (the served example gives every
    // subscription the same id: a later one gets an id of its own, so its notifications can be told apart).
    const answered = typeof response.body === 'string' ? answeredSubscriptionId(response.body) : undefined;
    const taken = this.subscriptions.some((other) => other.id === answered);
    const kept: KeptSubscription = {
      id: answered !== undefined && !taken ? answered : randomUUID(),
      orderType: text(subscription, 'OrderType'),
      url,
      expiry: Number.isFinite(expiry) && text(callback, 'Expiry') !== undefined ? expiry : undefined,
      createdAt: Date.now(),
      numberFormat: text(callback, 'NumberFormat')?.trim().toUpperCase() === 'LEGACY' ? 'LEGACY' : 'E164',
      basic: username !== undefined && password !== undefined ? { username, password } : undefined,
    };
    this.subscriptions.push(kept);
    this.log(
      `webhook ${this.webhook.id}: subscription ${kept.id} kept (${kept.url}, ${kept.numberFormat}${kept.basic ? ', Basic credentials' : ''})`,
      false,
    );
  }

  private notify(request: MockRequest, response: MockResponse): void {
    const order = child(parseXml<XmlTree>(request.body ?? ''), 'Order');
    const numbers = list(
      child(child(order, 'ExistingTelephoneNumberOrderType'), 'TelephoneNumberList'),
      'TelephoneNumber',
    );
    const answer = typeof response.body === 'string' ? parseXml<XmlTree>(response.body) : {};
    const orderId = text(child(child(answer, 'OrderResponse'), 'Order'), 'id') ?? randomUUID();
    const now = new Date().toISOString();
    for (const subscription of this.subscriptions) {
      if (subscription.orderType !== undefined && subscription.orderType.trim() !== 'orders') continue;
      if (
        subscription.expiry !== undefined &&
        Date.now() > subscription.createdAt + subscription.expiry * 1000
      ) {
        this.log(`webhook ${this.webhook.id}: subscription ${subscription.id} has expired; not sent`, false);
        continue;
      }
      const delivery = this.deliveryFor(subscription, numbers, orderId, now);
      if (delivery) this.send(delivery, subscription);
    }
  }

  private deliveryFor(
    subscription: KeptSubscription,
    numbers: string[],
    orderId: string,
    now: string,
  ): Delivery | undefined {
    let url: URL;
    try {
      url = deliveryUrl(subscription.url);
    } catch (error) {
      const why = error instanceof DeliveryUrlError ? error.message : String(error);
      this.log(`webhook ${this.webhook.id} → ${subscription.url}: not sent (${why})`, true);
      return undefined;
    }
    if (
      !isLoopback(url) &&
      !(this.options.allowHosts ?? []).some((host) => host.toLowerCase() === url.host.toLowerCase())
    ) {
      const why = url.hostname.toLowerCase().endsWith('.localhost')
        ? 'a name under .localhost is resolved by the system resolver, not by the mock: use localhost, 127.0.0.1 or [::1]'
        : 'not this machine';
      this.log(
        `webhook ${this.webhook.id} → ${url.origin}: not sent (${why}; start the mocks with --callback-allow ${url.host} to send there)`,
        true,
      );
      return undefined;
    }
    let written = numbers;
    if (subscription.numberFormat === 'LEGACY') {
      written = [];
      for (const number of numbers) {
        const legacy = /^\d{10}$/.test(number) ? number : legacyNumber(number);
        if (legacy === undefined)
          this.log(
            `webhook ${this.webhook.id}: ${number} has no 10-digit LEGACY form; left out of the notification`,
            true,
          );
        else written.push(legacy);
      }
    }
    const { body, contentType } = buildPayload(this.webhook, {
      overrides: [
        { path: 'SubscriptionId', value: [subscription.id] },
        { path: 'OrderType', value: [subscription.orderType ?? 'orders'] },
        { path: 'CustomerOrderId', value: [orderId] },
        { path: 'Status', value: ['COMPLETE'] },
        { path: 'TelephoneNumber', value: written },
        { path: 'LastModifiedDate', value: [now] },
        { path: 'ActualFocDate', value: [now] },
      ],
    });
    const headers: HarNameValue[] = [{ name: 'content-type', value: contentType }];
    if (subscription.basic) {
      const { username, password } = subscription.basic;
      headers.push({
        name: 'authorization',
        value: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`,
      });
    }
    return { webhook: this.webhook.id, url: url.href, method: this.webhook.method, headers, body };
  }

  private send(delivery: Delivery, subscription: KeptSubscription): void {
    const policy = this.options.retry ?? defaultRetryPolicy;
    const running = deliverWithRetries(delivery, policy, {
      timeoutMs: this.options.timeoutMs ?? 5_000,
      signal: this.stopping.signal,
      slots: this.slots,
      onAttempt: async (attempt, number) => {
        await this.recorder
          ?.record(delivery, attempt)
          .catch((error: unknown) =>
            this.log(
              `webhook ${this.webhook.id}: not recorded (${error instanceof Error ? error.message : String(error)})`,
              true,
            ),
          );
        const where = `webhook ${this.webhook.id} → ${delivery.url} (subscription ${subscription.id}, attempt ${number}/${policy.attempts})`;
        if (accepted(attempt))
          this.log(`${where}: ${attempt.response?.status} in ${attempt.milliseconds} ms`, false);
        else {
          const next =
            number < policy.attempts && !this.stopped
              ? `; retry in ${policy.delayMs * 2 ** (number - 1)} ms`
              : '; given up';
          this.log(`${where}: ${attempt.failure}${next}`, true);
        }
      },
    }).then(
      () => undefined,
      (error: unknown) =>
        this.log(
          `webhook ${this.webhook.id}: ${error instanceof Error ? error.message : String(error)}`,
          true,
        ),
    );
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  private log(line: string, failed: boolean): void {
    try {
      this.options.onLog?.(line, failed);
    } catch {
      // A failing log must not stop the mock.
    }
  }
}

function operationById(spec: OpenApiDocument, operationId: string): JsonObject | undefined {
  for (const item of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(isObject(item) ? item : {}))
      if (isObject(operation) && operation.operationId === operationId) return operation;
  }
  return undefined;
}

function child(tree: unknown, name: string): XmlTree | undefined {
  if (typeof tree !== 'object' || tree === null) return undefined;
  const value = (tree as XmlTree)[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as XmlTree)
    : undefined;
}

function text(tree: XmlTree | undefined, name: string): string | undefined {
  const value = tree?.[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as XmlTree)['#text'] === 'string')
    return (value as XmlTree)['#text'] as string;
  return undefined;
}

function list(tree: XmlTree | undefined, name: string): string[] {
  const value = tree?.[name];
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.filter((item): item is string => typeof item === 'string').map((item) => item.trim());
}

function answeredSubscriptionId(body: string): string | undefined {
  try {
    const tree = parseXml<XmlTree>(body);
    return text(child(child(tree, 'SubscriptionResponse'), 'Subscription'), 'SubscriptionId')?.trim();
  } catch {
    return undefined;
  }
}
