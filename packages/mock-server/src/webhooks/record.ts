import { type HarEntry, HarWriter, harEntry } from '@svc-contracts/har';
import { type MaskOptions, maskEntry } from '@svc-contracts/redact';
import type { Attempt, Delivery } from './deliver.js';

export class RecordingExistsError extends Error {
  override readonly name = 'RecordingExistsError';
}

/** A HAR entry of a callback: the contract checker matches it by `_webhook`, never by URL. */
export type WebhookHarEntry = HarEntry & { _webhook: string };

/** The HAR entry of one answered delivery attempt, masked as the contract recorder masks what it records
 * (`maskEntry` of `@svc-contracts/redact`: by name and by value), marked `_webhook: "<service>/<name>"`
 * (`harEntry` writes it from the request's `webhook`, as `readEntry` reads it back). */
export function deliveryEntry(
  delivery: Delivery,
  attempt: Attempt,
  mask: MaskOptions = {},
): WebhookHarEntry | undefined {
  const { response } = attempt;
  if (response === undefined) return undefined;
  const entry = harEntry({
    startedDateTime: attempt.startedDateTime,
    timings: { send: 0, wait: attempt.milliseconds, receive: 0 },
    request: {
      method: delivery.method,
      url: delivery.url,
      headers: delivery.headers,
      body: delivery.body,
      webhook: delivery.webhook,
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      ...(response.body === undefined ? {} : { body: response.body }),
    },
    comment: `callback ${delivery.webhook} sent by svc-mocks`,
  });
  return maskEntry(entry, mask);
}

/** Appends the mock's deliveries to one new HAR file (`--record`; an existing file is never replaced), each
 * entry in the file once written. */
export class DeliveryRecorder {
  private constructor(
    private readonly writer: HarWriter,
    private readonly mask: MaskOptions,
  ) {}

  static async create(path: string, mask: MaskOptions = {}): Promise<DeliveryRecorder> {
    try {
      const writer = await HarWriter.create(path, {
        creator: { name: '@svc-contracts/mock-server', version: '0.0.0', comment: 'webhook deliveries' },
      });
      return new DeliveryRecorder(writer, mask);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new RecordingExistsError(`${path} exists; a recording is never replaced: name a new file.`);
      throw error;
    }
  }

  /** Records an answered attempt; one without an answer is left out (nothing was exchanged). */
  async record(delivery: Delivery, attempt: Attempt): Promise<void> {
    const entry = deliveryEntry(delivery, attempt, this.mask);
    if (entry) await this.writer.append(entry);
  }

  get entries(): number {
    return this.writer.entries;
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
