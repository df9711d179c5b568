import {
  type BasicCredentials,
  basicAuth,
  type CallOptions,
  type ClientOptions,
  ConfigurationError,
  type ErrorResponses,
  errorInit,
  type FailedResponse,
  ServiceClient,
  TypedApiError,
} from '@svc-contracts/client-runtime';
import { contract } from './generated/operations.js';
import type { components, operations, paths } from './generated/schema.js';

export type GroupMessageRequest = components['schemas']['GroupMessageRequest'];
export type GroupMessage = components['schemas']['GroupMessage'];
export type MessagingErrorResponses = ErrorResponses<operations['sendGroupMessage']>;

/** A non-2xx answer of the messaging API. Its body is open in the contract (`unknown`). */
export class MessagingApiError extends TypedApiError<MessagingErrorResponses> {
  override name = 'MessagingApiError';
}

export interface MessagingClientOptions extends ClientOptions {
  /** HTTP Basic over the API token (`username`) and API secret (`password`). */
  credentials: BasicCredentials;
  /** The account the messages are sent from (`{userId}` of the path). */
  userId: string;
}

// The API answers 415 to JSON sent without the charset. One object for every call: openapi-fetch copies it.
const JSON_UTF8 = { 'Content-Type': 'application/json; charset=utf-8' } as const;

/**
 * Client of the group messaging API.
 *
 * ```ts
 * const messaging = new MessagingClient({ baseUrl, userId, credentials: { username: apiToken, password: apiSecret } });
 * const message = await messaging.sendGroupMessage({ from, to: [a, b], text: 'Hi', applicationId });
 * ```
 */
export class MessagingClient extends ServiceClient<paths> {
  private readonly userId: string;

  constructor(options: MessagingClientOptions) {
    super({ options, auth: basicAuth(options?.credentials), service: 'Messaging', contract });
    this.userId = nonEmpty(options.userId, 'userId');
  }

  /** Sends one text or picture message to several recipients (202 Accepted with the message). */
  async sendGroupMessage(message: GroupMessageRequest, call?: CallOptions): Promise<GroupMessage> {
    // The contract leaves the answer's media type open (`*/*`, typed unknown); this client reads the JSON
    // body, the group message, as before.
    return (await this.send(
      'POST',
      this.api.POST('/v2/users/{userId}/messages', {
        params: { path: { userId: this.userId } },
        body: message,
        headers: JSON_UTF8,
        ...this.init(call),
      }),
    )) as GroupMessage;
  }

  protected createError(failure: FailedResponse): MessagingApiError {
    return new MessagingApiError({ ...errorInit('Messaging', failure), detail: describeBody(failure.body) });
  }
}

/** `description`, `message` or `type` of an error body, whichever the service sent. */
function describeBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 200) || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  for (const key of ['description', 'message', 'type']) {
    if (typeof fields[key] === 'string' && fields[key] !== '') return fields[key];
  }
  return undefined;
}

function nonEmpty(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigurationError(`${name} must be a non-empty string.`);
  return value;
}
