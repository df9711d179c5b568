import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, type Read, rawOf } from './names.js';

/** One `x-refusals` entry: a request the source says is refused, how it is recognised (`xmlElements`) and answered. */
export interface Refusal {
  /** Why (the source's words), for messages. */
  description: string;
  xmlElements: string[];
  status: number;
  response?: { xmlElement: string; equals: string };
}

/** What is wrong with an `x-refusals` value, and where inside it (`[0, 'request', 'xmlElements']`). */
export interface RefusalProblem {
  at: Array<string | number>;
  message: string;
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export const REFUSALS_SHAPE =
  '`x-refusals` must be a non-empty list of `{description, request: {xmlElements: [<element name>, …]}, status: <HTTP status>, response?: {xmlElement: <element name>, equals: <text>}}`.';

/** Reads an operation's `x-refusals`: the well-formed entries (undefined if none) and every problem. */
export function readRefusals(extension: unknown): {
  value: Refusal[] | undefined;
  problems: RefusalProblem[];
} {
  if (!Array.isArray(extension) || extension.length === 0) {
    return { value: undefined, problems: [{ at: [], message: REFUSALS_SHAPE }] };
  }
  const value: Refusal[] = [];
  const problems: RefusalProblem[] = [];
  extension.forEach((entry, index) => {
    const read = readRefusal(entry);
    if (typeof read === 'string') problems.push({ at: [index], message: read });
    else value.push(read);
  });
  return { value: value.length === 0 ? undefined : value, problems };
}

function isXmlName(value: unknown): value is string {
  return typeof value === 'string' && XML_NAME.test(value);
}

function readRefusal(entry: unknown): Refusal | string {
  if (!isObject(entry)) return REFUSALS_SHAPE;
  const { description, request, status, response } = entry;
  if (typeof description !== 'string' || description.trim() === '') {
    return '`description` must say which statement of the source the refusal encodes.';
  }
  if (
    !isObject(request) ||
    !Array.isArray(request.xmlElements) ||
    request.xmlElements.length === 0 ||
    !request.xmlElements.every(isXmlName)
  ) {
    return '`request.xmlElements` must be a non-empty list of XML element names (a request whose document holds one is refused).';
  }
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    return '`status` must be the HTTP status (400 to 599) the source says refuses the request.';
  }
  if (response !== undefined) {
    if (!isObject(response) || !isXmlName(response.xmlElement) || typeof response.equals !== 'string') {
      return '`response` must be `{xmlElement: <element name>, equals: <text>}`: what the refusal body says.';
    }
  }
  return {
    description,
    xmlElements: [...(request.xmlElements as string[])],
    status,
    ...(isObject(response)
      ? { response: { xmlElement: response.xmlElement as string, equals: response.equals as string } }
      : {}),
  };
}

/** Comments, CDATA sections, processing instructions and the DOCTYPE: markup that holds no element. */
const notElements = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/g;
const startTag = /<(?:[A-Za-z_][A-Za-z0-9_.-]*:)?([A-Za-z_][A-Za-z0-9_.-]*)(?=[\s/>])/g;

/** The local names of the elements of an XML text (start tags), outside comments and CDATA. */
export function xmlElementNames(xml: string): Set<string> {
  const names = new Set<string>();
  const text = xml.replace(notElements, ' ');
  for (const match of text.matchAll(startTag)) if (match[1]) names.add(match[1]);
  return names;
}

/** The text of the first element of that local name (`<ErrorCode>400</ErrorCode>` → `400`), trimmed. */
export function xmlElementText(xml: string, name: string): string | undefined {
  const text = xml.replace(notElements, ' ');
  const open = new RegExp(
    `<(?:[A-Za-z_][A-Za-z0-9_.-]*:)?${name.replaceAll('.', '\\.')}(?:\\s[^>]*)?>([^<]*)<`,
  );
  return open.exec(text)?.[1]?.trim();
}

/** The refusal a request body is one of, or undefined (no body, not XML-like, or no element named). */
export function refusalFor(refusals: readonly Refusal[], body: string | undefined): Refusal | undefined {
  if (body === undefined || !body.includes('<')) return undefined;
  const names = xmlElementNames(body);
  return refusals.find((refusal) => refusal.xmlElements.some((name) => names.has(name)));
}

/** The `x-refusals` of an operation, problems placed from it; a status the operation does not declare is one. */
export function readOperationRefusals(operation: unknown): Read<Refusal[]> {
  const raw = rawOf(operation, EXTENSION.refusals);
  if (raw === undefined) return NOTHING;
  const { value, problems } = readRefusals(raw);
  const placed = problems.map(({ at, message }) => ({ at: [EXTENSION.refusals, ...at], message }));
  const responses = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
  for (const [index, entry] of (Array.isArray(raw) ? raw : []).entries()) {
    if (!isObject(entry) || typeof entry.status !== 'number') continue;
    const status = String(entry.status);
    if (status in responses) continue;
    placed.push({
      at: [EXTENSION.refusals, index, 'status'],
      message: `\`x-refusals\` answers with ${status}, which the operation does not declare: add the ${status} response (the refusal's body), or fix the status.`,
    });
  }
  return { value, problems: placed };
}
