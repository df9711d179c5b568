import { isObject } from './json.js';

export interface MediaType {
  /** `type/subtype`, lower case. */
  essence: string;
  type: string;
  subtype: string;
  /** Parameter names lower case; values unquoted, case kept. */
  parameters: Record<string, string>;
}

const token = "[a-z0-9!#$%&'*+.^_`|~-]+";
const essencePattern = new RegExp(`^(${token})/(${token})$`);

/** The media types of a Content-Type value, split at commas outside quotes (repeated lines are joined, RFC 9110 §5.3). */
export function contentTypeMembers(value: string): string[] {
  if (!value.includes(',')) return [value.trim()];
  const members: string[] = [];
  let start = 0;
  let quoted = false;
  for (let at = 0; at <= value.length; at++) {
    const char = value[at];
    if (char === '"' && value[at - 1] !== '\\') quoted = !quoted;
    else if (at === value.length || (char === ',' && !quoted)) {
      const member = value.slice(start, at).trim();
      if (member !== '') members.push(member);
      start = at + 1;
    }
  }
  return members;
}

function parseOne(value: string): MediaType | undefined {
  const [head = '', ...rest] = value.split(';');
  const essence = head.trim().toLowerCase();
  const match = essencePattern.exec(essence);
  if (!match?.[1] || !match[2]) return undefined;
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    let parameterValue = part.slice(at + 1).trim();
    if (parameterValue.startsWith('"') && parameterValue.endsWith('"')) {
      parameterValue = parameterValue.slice(1, -1);
    }
    if (name) parameters[name] = parameterValue;
  }
  return { essence, type: match[1], subtype: match[2], parameters };
}

function sameMediaType(a: MediaType, b: MediaType): boolean {
  const names = Object.keys(a.parameters);
  return (
    a.essence === b.essence &&
    names.length === Object.keys(b.parameters).length &&
    names.every((name) => {
      const other = b.parameters[name];
      const value = a.parameters[name] as string;
      return caseInsensitiveParameters.has(name)
        ? other?.toLowerCase() === value.toLowerCase()
        : other === value;
    })
  );
}

/** Parses a Content-Type value or content key; a value repeating one media type is it, of different ones none (RFC 9110 §8.3). */
export function parseMediaType(value: string | undefined): MediaType | undefined {
  if (value === undefined) return undefined;
  const [first = '', ...others] = contentTypeMembers(value);
  const media = parseOne(first);
  if (!media) return undefined;
  for (const other of others) {
    const repeated = parseOne(other);
    if (!repeated || !sameMediaType(media, repeated)) return undefined;
  }
  return media;
}

/** `application/json; charset=utf-8` → `application/json` (lower case, no parameters; `''` for different media types). */
export function mediaTypeEssence(value: string): string {
  const members = contentTypeMembers(value);
  if (members.length > 1) return parseMediaType(value)?.essence ?? '';
  return ((members[0] ?? '').split(';')[0] ?? '').trim().toLowerCase();
}

function essenceOf(media: MediaType | string): string {
  return typeof media === 'string' ? mediaTypeEssence(media) : media.essence;
}

export function isJsonMediaType(media: MediaType | string): boolean {
  const essence = essenceOf(media);
  return essence === 'application/json' || essence.endsWith('+json');
}

export function isXmlMediaType(media: MediaType | string): boolean {
  const essence = essenceOf(media);
  return essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
}

export function isFormMediaType(media: MediaType | string): boolean {
  return essenceOf(media) === 'application/x-www-form-urlencoded';
}

const textual =
  /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript|graphql)\b)|[+/](json|xml)\b/;

/** Media types whose bodies are text (a recorder keeps them as text, not base64); no type at all counts as text. */
export function isTextualMediaType(media: MediaType | string): boolean {
  const essence = essenceOf(media);
  return essence === '' || textual.test(essence);
}

/** Parameter values that are case-insensitive tokens (RFC 2046: charset). Others compare exactly. */
const caseInsensitiveParameters = new Set(['charset']);

function agreeingParameters(declared: MediaType, actual: MediaType): number {
  return Object.entries(declared.parameters).filter(([name, value]) => {
    const sent = actual.parameters[name];
    if (sent === undefined) return false;
    return caseInsensitiveParameters.has(name) ? sent.toLowerCase() === value.toLowerCase() : sent === value;
  }).length;
}

/** A key naming a charset does not cover a body sent in another one; a charset left out is not another one. */
function otherCharset(declared: MediaType, actual: MediaType): boolean {
  const wanted = declared.parameters.charset;
  const sent = actual.parameters.charset;
  return wanted !== undefined && sent !== undefined && wanted.toLowerCase() !== sent.toLowerCase();
}

/** How well a declared content key covers a media type (higher is more specific, -1 none): by essence, then
 * each declared parameter sent with an equal value; exact essence over `type/*` over any. */
function coverage(declared: MediaType, actual: MediaType): number {
  if (otherCharset(declared, actual)) return -1;
  const parameterBonus = agreeingParameters(declared, actual);
  if (declared.essence === actual.essence) return 30 + parameterBonus;
  if (declared.subtype === '*' && declared.type === actual.type) return 20 + parameterBonus;
  if (declared.essence === '*/*') return 10 + parameterBonus;
  return -1;
}

/** The declared content entry for a Content-Type, the most specific one when several match. */
export function findMediaType(
  content: unknown,
  contentType: string | undefined,
): { key: string; media: unknown; actual: MediaType } | undefined {
  const actual = parseMediaType(contentType);
  if (!actual || !isObject(content)) return undefined;
  let best: { key: string; media: unknown; actual: MediaType; score: number } | undefined;
  for (const [key, media] of Object.entries(content)) {
    const declared = parseMediaType(key);
    if (!declared) continue;
    const score = coverage(declared, actual);
    if (score >= 0 && (!best || score > best.score)) best = { key, media, actual, score };
  }
  return best && { key: best.key, media: best.media, actual: best.actual };
}
