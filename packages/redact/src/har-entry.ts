import {
  bytesToBase64,
  fromBase64,
  type HarContent,
  type HarCookie,
  type HarEntry,
  type HarNameValue,
  type HarRequest,
  type HarResponse,
  headerValue,
  utf8Bytes,
  utf8Text,
} from '@svc-contracts/har/exchange';
import { maskBody } from './body.js';
import { maskHeaders } from './headers.js';
import { MASK } from './mask.js';
import { extraNames, isCredentialQueryName, isSecretField, type MaskOptions } from './names.js';
import { maskUrl } from './query.js';
import { SecretRegistry } from './secrets.js';

/** Headers whose value is a URL: masked as one (a redirect to `?access_token=...` is a leak too). */
const urlHeaders = new Set(['location', 'content-location', 'referer']);

function contentTypeOf(headers: HarNameValue[], fallback?: string): string | undefined {
  return fallback || headerValue(headers, 'content-type');
}

/** Every credential the exchange carries, from both sides: what the client sent (Basic user and password,
 * bearer token, API keys, query and form secrets, cookies) and what the server issued (a token in the body,
 * a session cookie). */
function secretsOf(entry: HarEntry, opts: MaskOptions): SecretRegistry {
  const { request, response } = entry;
  const secrets = new SecretRegistry();
  const extra = extraNames(opts);
  secrets.addMessage(
    {
      url: request.url,
      headers: request.headers,
      ...(request.postData?.text === undefined ? {} : { body: request.postData.text }),
      ...(request.postData?.mimeType ? { contentType: request.postData.mimeType } : {}),
    },
    opts,
  );
  for (const param of request.postData?.params ?? []) {
    if (isSecretField(param.name, extra)) secrets.addField(param.value, param.name);
  }
  const responseText = textOfContent(response.content);
  secrets.addMessage(
    {
      headers: response.headers,
      ...(responseText === undefined ? {} : { body: responseText }),
      ...(response.content.mimeType ? { contentType: response.content.mimeType } : {}),
    },
    opts,
  );
  for (const cookie of [...request.cookies, ...response.cookies]) secrets.add(cookie.value);
  return secrets;
}

function maskHeaderList(headers: HarNameValue[], secrets: SecretRegistry, opts: MaskOptions): HarNameValue[] {
  return maskHeaders(headers, opts).map((header) => ({
    ...header,
    value: secrets.mask(
      urlHeaders.has(header.name.toLowerCase()) ? maskUrl(header.value, opts) : header.value,
    ),
  }));
}

/** Cookies are credentials by nature: every value goes, names stay. */
function maskCookies(cookies: HarCookie[]): HarCookie[] {
  return cookies.map((cookie) => ({ ...cookie, value: MASK }));
}

function maskRequest(request: HarRequest, secrets: SecretRegistry, opts: MaskOptions): HarRequest {
  const extra = extraNames(opts);
  const { postData } = request;
  return {
    ...request,
    url: secrets.mask(maskUrl(request.url, opts)),
    cookies: maskCookies(request.cookies),
    headers: maskHeaderList(request.headers, secrets, opts),
    queryString: request.queryString.map((param) => ({
      ...param,
      value: isCredentialQueryName(param.name, extra) ? MASK : secrets.mask(param.value),
    })),
    ...(postData
      ? {
          postData: {
            ...postData,
            ...(postData.params
              ? {
                  params: postData.params.map((param) => ({
                    ...param,
                    value: isSecretField(param.name, extra) ? MASK : secrets.mask(param.value),
                  })),
                }
              : {}),
            ...(postData.text === undefined
              ? {}
              : {
                  text: secrets.mask(
                    maskBody(postData.text, contentTypeOf(request.headers, postData.mimeType), opts),
                  ),
                }),
          },
        }
      : {}),
  };
}

/** The text of a body, base64 decoded when it is UTF-8 text; undefined for bytes that are not text. */
function textOfContent(content: HarContent): string | undefined {
  if (content.text === undefined || content.encoding !== 'base64') return content.text;
  const bytes = fromBase64(content.text);
  return bytes && utf8Text(bytes);
}

/** The body masked by name and by value. */
function maskContent(
  content: HarContent,
  contentType: string | undefined,
  secrets: SecretRegistry,
  opts: MaskOptions,
): HarContent {
  if (content.text === undefined) return content;
  const bytes = content.encoding === 'base64' ? fromBase64(content.text) : undefined;
  let text: string;
  let grown: number;
  if (bytes) {
    const decoded = utf8Text(bytes);
    const masked =
      decoded === undefined
        ? secrets.maskBytes(bytes)
        : utf8Bytes(secrets.mask(maskBody(decoded, contentType, opts)));
    text = bytesToBase64(masked);
    grown = masked.length - bytes.length;
  } else {
    text = secrets.mask(maskBody(content.text, contentType, opts));
    grown = utf8Bytes(text).length - utf8Bytes(content.text).length;
  }
  if (text === content.text) return content;
  return {
    ...content,
    size: Math.max(0, content.size + grown),
    ...(content.compression === undefined ? {} : { compression: Math.max(0, content.compression + grown) }),
    text,
  };
}

function maskResponse(response: HarResponse, secrets: SecretRegistry, opts: MaskOptions): HarResponse {
  return {
    ...response,
    cookies: maskCookies(response.cookies),
    headers: maskHeaderList(response.headers, secrets, opts),
    content: maskContent(
      response.content,
      contentTypeOf(response.headers, response.content.mimeType),
      secrets,
      opts,
    ),
    redirectURL: response.redirectURL && secrets.mask(maskUrl(response.redirectURL, opts)),
  };
}

/** A HAR entry with no credential left, masked by name (syntax kept, so it still passes its contract) and
 * by value wherever a credential reappears; base64 bodies decoded and encoded again, other fields kept. */
export function maskEntry<Entry extends HarEntry>(
  entry: Entry,
  opts: MaskOptions = {},
): Omit<Entry, 'request' | 'response' | 'comment'> & Pick<HarEntry, 'request' | 'response' | 'comment'> {
  const secrets = secretsOf(entry, opts);
  return {
    ...entry,
    request: maskRequest(entry.request, secrets, opts),
    response: maskResponse(entry.response, secrets, opts),
    ...(entry.comment === undefined ? {} : { comment: secrets.mask(entry.comment) }),
  };
}
