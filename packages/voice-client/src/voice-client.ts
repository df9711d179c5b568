import {
  type BasicCredentials,
  basicAuth,
  type CallOptions,
  type ClientOptions,
  ConfigurationError,
  type ErrorResponses,
  errorInit,
  type FailedResponse,
  InvalidRequestError,
  ServiceClient,
  TypedApiError,
} from '@svc-contracts/client-runtime';
import { contract } from './generated/operations.js';
import type { components, operations, paths } from './generated/schema.js';

type Schemas = components['schemas'];
export type CreateCallRequest = Schemas['CreateCallRequest'];
export type ModifyCallRequest = Schemas['ModifyCallRequest'];
/** Left open by the contract: the source does not show the success body. */
export type CreateCallResult = Schemas['CreateCallResult'];
export type ModifyCallResult = Schemas['ModifyCallResult'];
export type VoiceError = Schemas['VoiceError'];
export type VoiceErrorResponses = ErrorResponses<operations['createCall'] | operations['modifyCall']>;

/**
 * A non-2xx answer of the voice API. Every error body is `{ type, description, id }`, with `type` fixed by
 * the status (`validation` for 400/404/405/409/415, `error` for 429, `system-overloaded` for 503...).
 */
export class VoiceApiError extends TypedApiError<VoiceErrorResponses> {
  override name = 'VoiceApiError';

  /** `type` of the body (`validation`, `authentication-error`...), when the body has one. */
  get type(): string | undefined {
    return field(this.body, 'type');
  }

  /** `description` of the body, the human-readable reason. */
  get description(): string | undefined {
    return field(this.body, 'description');
  }

  /** `id` of the body (null or empty in the shapes seen). */
  get id(): string | null | undefined {
    const body = this.body as { id?: unknown } | undefined;
    return typeof body?.id === 'string' || body?.id === null ? body.id : undefined;
  }
}

export interface VoiceClientOptions extends ClientOptions {
  /** HTTP Basic with the voice API username and password. */
  credentials: BasicCredentials;
  /** The account of those credentials (`{accountId}` of the paths). */
  accountId: string;
}

/**
 * Client of the voice API: create outbound calls and modify (hang up) active ones.
 *
 * ```ts
 * const voice = new VoiceClient({ baseUrl, accountId, credentials: { username, password } });
 * await voice.createCall({ from, to, answerUrl: 'https://app.example.com/answer', applicationId });
 * ```
 */
export class VoiceClient extends ServiceClient<paths> {
  private readonly accountId: string;

  constructor(options: VoiceClientOptions) {
    super({ options, auth: basicAuth(options?.credentials), service: 'Voice', contract });
    this.accountId = nonEmpty(options.accountId, 'accountId', ConfigurationError);
  }

  /** Creates an outbound call from `from` to `to`; `answerUrl` is asked for the call's markup when answered. */
  async createCall(request: CreateCallRequest, call?: CallOptions): Promise<CreateCallResult> {
    return this.send(
      'POST',
      this.api.POST('/api/v2/accounts/{accountId}/calls/', {
        params: { path: { accountId: this.accountId } },
        body: request,
        headers: JSON_UTF8,
        ...this.init(call),
      }),
    );
  }

  /** Modifies an active call; 404 when it is no longer active, 409 when its state forbids the change. */
  async modifyCall(
    callId: string,
    request: ModifyCallRequest,
    call?: CallOptions,
  ): Promise<ModifyCallResult> {
    return this.send(
      'POST',
      this.api.POST('/api/v2/accounts/{accountId}/calls/{callId}', {
        params: {
          path: { accountId: this.accountId, callId: nonEmpty(callId, 'callId', InvalidRequestError) },
        },
        body: request,
        headers: JSON_UTF8,
        ...this.init(call),
      }),
    );
  }

  /** Ends an active call (modify with `state: completed`). */
  hangUpCall(callId: string, call?: CallOptions): Promise<ModifyCallResult> {
    return this.modifyCall(callId, { state: 'completed' }, call);
  }

  protected createError(failure: FailedResponse): VoiceApiError {
    return new VoiceApiError({ ...errorInit('Voice', failure), detail: field(failure.body, 'description') });
  }
}

// The API answers 415 to JSON sent without the charset.
const JSON_UTF8 = { 'Content-Type': 'application/json; charset=utf-8' };

function field(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function nonEmpty(value: unknown, name: string, ErrorClass: new (message: string) => Error): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ErrorClass(`${name} must be a non-empty string.`);
  return value;
}
