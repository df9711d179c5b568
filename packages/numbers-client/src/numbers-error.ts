import { ApiError, errorInit, type FailedResponse } from '@svc-contracts/client-runtime';
import { fromXml } from './documents.js';
import type { SipPeerTelephoneNumberResponse } from './generated/xml-documents.js';

/**
 * A non-2xx answer of the number-management API. The one error document the source shows (400 of the
 * sip peer tns operations, rule 4) is parsed into `body` (`SipPeerTelephoneNumberResponse`), with
 * `errorCode` and `description`; any other body stays text.
 */
export class NumbersApiError extends ApiError<SipPeerTelephoneNumberResponse | string | undefined> {
  override name = 'NumbersApiError';

  constructor(failure: FailedResponse) {
    const body = readBody(failure.body);
    const status = typeof body === 'object' ? body.ResponseStatus : undefined;
    const detail = status === undefined ? undefined : `${status.Description} (ErrorCode ${status.ErrorCode})`;
    super({ ...errorInit('Number management', failure), body, detail });
  }

  get errorCode(): string | undefined {
    return typeof this.body === 'object' ? this.body.ResponseStatus.ErrorCode : undefined;
  }

  get description(): string | undefined {
    return typeof this.body === 'object' ? this.body.ResponseStatus.Description : undefined;
  }
}

function readBody(body: unknown): SipPeerTelephoneNumberResponse | string | undefined {
  if (typeof body !== 'string' || body.trim() === '') return body === undefined ? undefined : String(body);
  if (!body.includes('<SipPeerTelephoneNumberResponse')) return body;
  try {
    const document = fromXml('SipPeerTelephoneNumberResponse', body);
    return document.ResponseStatus === undefined ? body : document;
  } catch {
    return body;
  }
}
