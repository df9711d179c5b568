import {
  type BasicCredentials,
  basicAuth,
  type CallOptions,
  type ClientOptions,
  ConfigurationError,
  type ErrorResponses,
  errorInit,
  type FailedResponse,
  redactText,
  ServiceClient,
  TypedApiError,
} from '@svc-contracts/client-runtime';
import { contract } from './generated/operations.js';
import type { components, operations, paths } from './generated/schema.js';

type Schemas = components['schemas'];
export type SendCodeRequest = Schemas['SendCodeRequest'];
export type VerifyCodeRequest = Schemas['VerifyCodeRequest'];
/** Left open by the contract: the source does not show the success bodies. */
export type SendCodeResult = Schemas['SendCodeResult'];
export type VerifyCodeResult = Schemas['VerifyCodeResult'];
export type MfaErrorResponses = ErrorResponses<operations['sendMessagingCode'] | operations['verifyCode']>;

/**
 * A non-2xx answer of the verification API. The API has three error body shapes: `{ error, requestId }`
 * (400, 429, 500), `{ message }` (401) and `{ Message }` (403). This class reads all three, so callers
 * use `message` and `requestId` whatever the status; `body` keeps the original, typed by status.
 * Remember that 4xx and 5xx answers are not billed.
 */
export class MfaApiError extends TypedApiError<MfaErrorResponses> {
  override name = 'MfaApiError';
  /** The service's own text (`error`, `message` or `Message` of the body). */
  readonly serviceMessage: string | undefined;

  constructor(failure: FailedResponse) {
    const normalized = normalize(failure.body);
    super({
      ...errorInit('Verification', failure),
      detail: normalized.message,
      requestId: normalized.requestId,
    });
    // A stored copy of the body's text: redacted like the body itself.
    this.serviceMessage =
      normalized.message === undefined ? undefined : redactText(normalized.message, failure.secrets);
  }
}

/** The one message and request id of any of the three error shapes. */
function normalize(body: unknown): { message?: string; requestId?: string } {
  if (typeof body !== 'object' || body === null) {
    return typeof body === 'string' && body !== '' ? { message: body.slice(0, 200) } : {};
  }
  const fields = body as Record<string, unknown>;
  const message = [fields.error, fields.message, fields.Message].find(
    (value): value is string => typeof value === 'string',
  );
  const requestId = typeof fields.requestId === 'string' ? fields.requestId : undefined;
  return { ...(message === undefined ? {} : { message }), ...(requestId === undefined ? {} : { requestId }) };
}

export interface MfaClientOptions extends ClientOptions {
  /** HTTP Basic with the verification API user's credentials. */
  credentials: BasicCredentials;
  /** The account (`{accountId}` of the paths). */
  accountId: string;
}

/**
 * Client of the verification (multi-factor) API: send a one-time code by message, then verify it.
 *
 * ```ts
 * const mfa = new MfaClient({ baseUrl, accountId, credentials: { username, password } });
 * await mfa.sendCode({ to, from, applicationId, scope: '2FA', digits: 6, message: 'Your code is {CODE}' });
 * ```
 */
export class MfaClient extends ServiceClient<paths> {
  private readonly accountId: string;

  constructor(options: MfaClientOptions) {
    super({ options, auth: basicAuth(options?.credentials), service: 'Verification', contract });
    if (typeof options.accountId !== 'string' || options.accountId.trim() === '') {
      throw new ConfigurationError('accountId must be a non-empty string.');
    }
    this.accountId = options.accountId;
  }

  /** Sends a one-time code by message to `to`; `message` must contain `{CODE}`. */
  async sendCode(request: SendCodeRequest, call?: CallOptions): Promise<SendCodeResult> {
    return this.send(
      'POST',
      this.api.POST('/api/v1/accounts/{accountId}/code/messaging', {
        params: { path: { accountId: this.accountId } },
        body: request,
        ...this.init(call),
      }),
    );
  }

  /** Checks a code the user entered. Too many invalid codes give 429 (the number is blocked for a while). */
  async verifyCode(request: VerifyCodeRequest, call?: CallOptions): Promise<VerifyCodeResult> {
    return this.send(
      'POST',
      this.api.POST('/api/v1/accounts/{accountId}/code/verify', {
        params: { path: { accountId: this.accountId } },
        body: request,
        ...this.init(call),
      }),
    );
  }

  protected createError(failure: FailedResponse): MfaApiError {
    return new MfaApiError(failure);
  }
}
