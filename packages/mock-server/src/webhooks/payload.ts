import { isObject, isXmlMediaType, type JsonObject } from '@svc-contracts/openapi-utils';
import { escapeXmlText } from '@svc-contracts/xml-validator';
import type { WebhookDefinition, WebhookExample } from './catalog.js';

/** A body ready to send: its text and the `Content-Type` it goes with. */
export interface Payload {
  contentType: string;
  body: string;
  /** Which example it came from (`delivered`, `application/json`). */
  example: WebhookExample;
}

export class PayloadError extends Error {
  override readonly name = 'PayloadError';
}

/** `name=value` from `--set`: a JSON member path (`tag`, `a.b`) or an XML element name. */
export interface Override {
  path: string;
  /** Text from `--set` (a comma list for repeated XML elements), or the values themselves. */
  value: string | readonly string[];
}

export function parseOverride(text: string): Override {
  const at = text.indexOf('=');
  if (at <= 0) throw new PayloadError(`--set takes name=value, for example tag=table-42; got "${text}".`);
  return { path: text.slice(0, at).trim(), value: text.slice(at + 1) };
}

/** The body of a webhook from one of its spec's examples (the first unless `exampleName`), with the overrides
 * applied and, for a body with a LEGACY form, its numbers written in that form. */
export function buildPayload(
  webhook: WebhookDefinition,
  options: {
    exampleName?: string;
    overrides?: readonly Override[];
    numberFormat?: 'E164' | 'LEGACY';
    contentType?: string;
  },
): Payload {
  const example =
    options.exampleName === undefined
      ? webhook.examples[0]
      : webhook.examples.find((candidate) => candidate.name === options.exampleName);
  if (example === undefined) {
    const names = webhook.examples.map((candidate) => candidate.name);
    throw new PayloadError(
      options.exampleName === undefined
        ? `${webhook.id} has no example in its spec.`
        : `${webhook.id} has no example "${options.exampleName}"; its examples: ${names.join(', ') || 'none'}.`,
    );
  }
  const contentType = options.contentType ?? sentContentType(example);
  let body: string;
  if (typeof example.value === 'string') {
    body = example.value;
    if (isXmlMediaType(contentType)) {
      for (const override of options.overrides ?? []) body = setXmlElement(body, override);
      if (options.numberFormat === 'LEGACY') {
        if (!webhook.hasLegacyForm) throw new PayloadError(`${webhook.id} has no LEGACY number format.`);
        body = legacyNumbers(body);
      }
    } else if ((options.overrides ?? []).length > 0) {
      throw new PayloadError(
        `--set changes JSON members or XML elements; the example "${example.name}" of ${webhook.id} is plain text (use another example).`,
      );
    }
  } else {
    let value = structuredClone(example.value);
    for (const override of options.overrides ?? []) value = setJsonMember(value, override);
    body = JSON.stringify(value);
  }
  if (options.numberFormat === 'LEGACY' && !isXmlMediaType(contentType))
    throw new PayloadError(`--number-format applies to ${webhook.id}'s XML body only.`);
  return { contentType, body, example };
}

/** The `Content-Type` an example is sent with: its media type as the spec writes it; for the open `*\/*` (the
 * source shows no media type) JSON for a structured value, plain text for a string. */
function sentContentType(example: WebhookExample): string {
  if (example.mediaType.includes('*')) {
    return typeof example.value === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  }
  return example.mediaType;
}

/** `tag=x`, `a.b=1`: the value as JSON when it parses as JSON (`42`, `true`, `"42"`), else as a string. */
function setJsonMember(value: unknown, override: Override): unknown {
  if (!isObject(value))
    throw new PayloadError(`--set ${override.path}: the example body is not a JSON object.`);
  const keys = override.path.split('.');
  let holder: JsonObject = value;
  for (const key of keys.slice(0, -1)) {
    const next = holder[key];
    if (next === undefined) holder[key] = {};
    else if (!isObject(next))
      throw new PayloadError(`--set ${override.path}: ${key} is not an object in the example.`);
    holder = holder[key] as JsonObject;
  }
  const last = keys[keys.length - 1] ?? override.path;
  holder[last] = typeof override.value === 'string' ? parseValue(override.value) : [...override.value];
  return value;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `Status=COMPLETE`: the text of the element(s) of that name that hold only text. */
export function setXmlElement(xml: string, override: Override): string {
  const name = override.path;
  if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new PayloadError(`--set ${name}: not an XML element name.`);
  const run = new RegExp(`([ \\t]*)<${name}>[^<]*</${name}>(?:\\s*<${name}>[^<]*</${name}>)*`);
  const match = run.exec(xml);
  if (!match) {
    const names = [...new Set([...xml.matchAll(/<([A-Za-z_][\w.-]*)>[^<]*<\//g)].map((found) => found[1]))];
    throw new PayloadError(
      `--set ${name}: the example has no element ${name} holding text; it has ${names.join(', ')}.`,
    );
  }
  const indent = match[1] ?? '';
  const values =
    typeof override.value === 'string'
      ? override.value.split(',').map((value) => value.trim())
      : override.value;
  const replaced = values.map((value) => `${indent}<${name}>${escapeXmlText(value)}</${name}>`).join('\n');
  let start = match.index;
  // No value: the run goes with its line, its parent stays (an empty number list).
  if (values.length === 0 && xml[start - 1] === '\n') start--;
  return xml.slice(0, start) + replaced + xml.slice(match.index + match[0].length);
}

/** A North American E.164 number (`+1` and ten digits) in the 10-digit LEGACY form (rule 5), or undefined for
 * a number that has none: the source only says LEGACY numbers have 10 digits, so a number of another country
 * is not cut down to fit (the mock's choice). */
export function legacyNumber(e164: string): string | undefined {
  const match = /^\+1(\d{10})$/.exec(e164.trim());
  return match?.[1];
}

/** Every `TelephoneNumber` of a document written in the LEGACY form; a number without one is an error. */
export function legacyNumbers(xml: string): string {
  return xml.replace(/<TelephoneNumber>([^<]*)<\/TelephoneNumber>/g, (whole, number: string) => {
    if (/^\d{10}$/.test(number.trim())) return whole;
    const legacy = legacyNumber(number);
    if (legacy === undefined)
      throw new PayloadError(
        `${number} has no 10-digit LEGACY form (only +1 numbers of ten digits have one).`,
      );
    return `<TelephoneNumber>${legacy}</TelephoneNumber>`;
  });
}
