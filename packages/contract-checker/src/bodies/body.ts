import { posix, resolve } from 'node:path';
import { EXTENSION, readJwtClaims, readXsd, type XsdReference } from '@svc-contracts/contract-model';
import {
  contentTypeMembers,
  derefWithPointer,
  escapePointer,
  findMediaType,
  isFormMediaType,
  isJsonMediaType,
  isObject,
  isXmlMediaType,
  type MediaType,
  type OpenApiDocument,
  parseMediaType,
} from '@svc-contracts/openapi-utils';
import { localName, maskXmlMessage } from '@svc-contracts/redact';
import { assertWellFormedXml, validateAgainstAny } from '@svc-contracts/xml-validator';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { XsdCache } from '../contract/xsd-cache.js';
import { CheckLimitError } from '../core/scope.js';
import type { RuleCode, Side, Violation } from '../core/types.js';
import { parseFormEncoded } from '../parameters/request-parts.js';
import { jwtClaimMismatches } from '../security/jwt-claims.js';
import { fieldsCoercionEach } from './coerce.js';
import { type TrafficJson, UnparseableJson } from './json-text.js';
import { violation } from './violation.js';

export interface BodyContext {
  doc: OpenApiDocument;
  validator: SchemaValidator;
  xsd: XsdCache;
  /** Folder of the service's root document (`x-xsd` paths are relative to it). */
  serviceDir: string;
  /** Root document relative to the repository, for spec locations. */
  relativeRoot: string;
  specLocation: (pointer: string) => string;
  json: TrafficJson;
}

/** What the contract says about one body: the `content` map and where it is. */
export interface DeclaredBody {
  side: Side;
  content: unknown;
  /** Pointer of the request body / response object (for spec locations). */
  pointer: string;
  required: boolean;
  /** `x-body-open` on the response: the source shows neither whether it has a body nor its media type. */
  open?: boolean;
}

const rules = (side: Side) =>
  ({
    contentType: `${side}-content-type`,
    missing: `${side}-body-missing`,
    undocumented: `${side}-body-undocumented`,
    unparseable: `${side}-body-unparseable`,
    schema: `${side}-body-schema`,
  }) as const satisfies Record<string, RuleCode>;

/** A result now when it is known now (JSON, form, text), a promise when it waits for the XML engine. */
export type MaybePromise<T> = T | Promise<T>;

/** `f` of a value now, or of a promised one once known (not `then`: a module exporting it is a thenable). */
export function after<T, U>(value: MaybePromise<T>, f: (known: T) => U): MaybePromise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** One part of an XML prolog: white space, a processing instruction, a comment or the DOCTYPE. */
const prologPart = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/iy;
const elementName = /<([A-Za-z_][\w.:-]*)/y;

/** The local name of the document element, skipping the prolog; undefined when there is none. */
export function rootElementName(xml: string): string | undefined {
  let at = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (prologPart.lastIndex = at; prologPart.test(xml); prologPart.lastIndex = at) at = prologPart.lastIndex;
  elementName.lastIndex = at;
  const name = elementName.exec(xml)?.[1];
  return name === undefined ? undefined : localName(name);
}

/** Checks a recorded body against the declared `content`: presence, Content-Type, then the body by media kind. */
export type BodyCheck = (
  contentTypeHeader: string | undefined,
  body: string | undefined,
) => MaybePromise<Violation[]>;

/** What a body check finds in a body that conforms: one shared, frozen list (callers only read it). */
const none: Violation[] = Object.freeze([]) as unknown as Violation[];

/** The check of one declared body, planned per Content-Type text on the first body that has it. */
export function planBody(context: BodyContext, declared: DeclaredBody): BodyCheck {
  const { side, open } = declared;
  const rule = rules(side);
  const content = isObject(declared.content) ? declared.content : undefined;
  const declaredTypes = content === undefined ? [] : Object.keys(content);
  const fail = (code: RuleCode, message: string, pointer?: string, at = '/content'): Violation[] => [
    violation(side, code, message, pointer, context.specLocation(`${declared.pointer}${at}`)),
  ];
  // Per Content-Type text (it comes from traffic, so the map starts again past a bound).
  const byContentType = new Map<string, MediaCheck | undefined>();
  const mediaCheckFor = (contentTypeHeader: string): MediaCheck | undefined => {
    if (byContentType.has(contentTypeHeader)) return byContentType.get(contentTypeHeader);
    if (byContentType.size >= 256) byContentType.clear();
    const found = content === undefined ? undefined : findMediaType(content, contentTypeHeader);
    const pointer = `${declared.pointer}/content/${escapePointer(found?.key ?? '')}`;
    const check = found && planMedia(context, side, found.actual, found.media, pointer);
    byContentType.set(contentTypeHeader, check);
    return check;
  };
  return (contentTypeHeader, body) => {
    if (body === undefined) return none;
    if (body === '') {
      if (!declared.required || open || declaredTypes.length === 0) return none;
      const message = `the ${side} has no body; the contract declares ${declaredTypes.join(', ')}`;
      return fail(rule.missing, message, undefined, '');
    }
    if (declaredTypes.length === 0) {
      if (open) return none;
      const message = `the ${side} has a body but the contract declares none here`;
      return fail(rule.undocumented, message, undefined, '');
    }
    if (contentTypeHeader === undefined) {
      if (open) return none;
      const message = `the ${side} has a body but no Content-Type; declared: ${declaredTypes.join(', ')}`;
      return fail(rule.contentType, message, 'header:Content-Type');
    }
    const check = mediaCheckFor(contentTypeHeader);
    if (check) return check(body);
    // Repeated lines of one media type are that media type (parseMediaType); different ones are no media
    // type at all, whatever the contract leaves open.
    const members = contentTypeMembers(contentTypeHeader);
    if (members.length > 1 && parseMediaType(contentTypeHeader) === undefined) {
      const listed = members.map((member) => `'${member}'`).join(', ');
      const message = `Content-Type holds different values (${listed}); a message has one media type`;
      return fail(rule.contentType, message, 'header:Content-Type');
    }
    if (open) return none;
    const message = `Content-Type '${contentTypeHeader}' is not declared; declared: ${declaredTypes.join(', ')}`;
    return fail(rule.contentType, message, 'header:Content-Type');
  };
}

/** The check of a body of one declared media type. */
type MediaCheck = (body: string) => MaybePromise<Violation[]>;

function planMedia(
  context: BodyContext,
  side: Side,
  actual: MediaType,
  media: unknown,
  mediaPointer: string,
): MediaCheck {
  if (!isObject(media)) return () => none;
  if (isXmlMediaType(actual)) {
    const xsd = readXsd(media).value;
    return (body) => checkXml(context, side, xsd, mediaPointer, body);
  }
  const rule = rules(side);
  const { doc, validator, json } = context;
  const { schema } = media;
  const resolved = derefWithPointer(doc, schema, `${mediaPointer}/schema`);
  const node = isObject(resolved.node) ? resolved.node : undefined;
  // Undefined when the value conforms; the location is worked out on the first failure.
  const schemaCheck = (target: unknown, pointer: string) => {
    const conforms = validator.tester(target);
    let at: string | undefined;
    return (value: unknown): Violation[] | undefined => {
      if (conforms(value)) return undefined;
      const issues = validator.validateConcise(target, value);
      if (issues.length === 0) return none;
      at ??= context.specLocation(pointer);
      return issues.map(({ instancePath, message }) => {
        const text = `${instancePath === '/' ? 'body' : instancePath} ${message}`;
        return violation(side, rule.schema, text, instancePath, at);
      });
    };
  };
  const unparseable = (message: string, pointer = mediaPointer): Violation[] => [
    violation(side, rule.unparseable, message, undefined, context.specLocation(pointer)),
  ];

  if (isJsonMediaType(actual)) {
    const check = schema === undefined ? undefined : schemaCheck(schema, resolved.pointer);
    // Malformed entries are left out (the linter reports them).
    const claimRules = (schema === undefined ? undefined : readJwtClaims(node).value) ?? [];
    return (body) => {
      const value = json.parse(body);
      if (value instanceof UnparseableJson)
        return unparseable(`the ${side} body is not valid JSON: ${value.message}`);
      const found = check?.(value);
      if (found !== undefined || claimRules.length === 0) return found ?? none;
      const mismatches = jwtClaimMismatches(json, value, claimRules);
      if (mismatches.length === 0) return none;
      const at = context.specLocation(resolved.pointer);
      return mismatches.map(({ pointer, message }) => violation(side, rule.schema, message, pointer, at));
    };
  }

  if (schema === undefined) return () => none;
  const check = schemaCheck(schema, resolved.pointer);

  if (isFormMediaType(actual)) {
    const fields = fieldsCoercionEach(doc, schema);
    return (body) => {
      const values = fields(parseFormEncoded(body));
      if (values.length === 1) return check(values[0]) ?? none;
      // A field sent more than once: every value is checked, each problem reported once.
      const found = new Map<string, Violation>();
      for (const value of values) for (const one of check(value) ?? none) found.set(one.message, one);
      return found.size === 0 ? none : [...found.values()];
    };
  }

  const stringCheck = (body: string): Violation[] => check(body) ?? none;
  // A text body that carries JSON (`contentMediaType: application/json` + `contentSchema`): the string itself
  // is checked against the schema, then its decoded content against `contentSchema`.
  const contentMediaType = node?.contentMediaType;
  const inner = typeof contentMediaType === 'string' ? parseMediaType(contentMediaType) : undefined;
  if (!inner || !isJsonMediaType(inner) || node?.contentSchema === undefined) return stringCheck;
  const contentSchema = derefWithPointer(doc, node.contentSchema, `${resolved.pointer}/contentSchema`);
  const contentCheck = schemaCheck(node.contentSchema, contentSchema.pointer);
  return (body) => {
    const fromString = stringCheck(body);
    const value = json.parse(body);
    if (value instanceof UnparseableJson) {
      const message = `the ${side} body is ${actual.essence} that must hold ${contentMediaType}, and it does not parse: ${value.message}`;
      return [...fromString, ...unparseable(message, `${resolved.pointer}/contentMediaType`)];
    }
    const fromContent = contentCheck(value);
    return fromContent === undefined ? fromString : [...fromString, ...fromContent];
  };
}

async function checkXml(
  context: BodyContext,
  side: Side,
  xsd: XsdReference | false | undefined,
  mediaPointer: string,
  body: string,
): Promise<Violation[]> {
  const rule = rules(side);
  const mediaLocation = () => context.specLocation(mediaPointer);
  // `x-xsd: false`: a document the source does not show, which must still be XML.
  if (!xsd) {
    const issue = wellFormednessIssue(body);
    return issue
      ? [violation(side, rule.unparseable, maskXmlMessage(issue), undefined, mediaLocation())]
      : [];
  }
  const actualRoot = rootElementName(body);
  if (xsd.element !== undefined && actualRoot !== undefined && actualRoot !== xsd.element) {
    // `otherRoots: open`: a document of another root element is one the source leaves open.
    if (xsd.otherRoots === 'open') return checkXml(context, side, false, mediaPointer, body);
    const message = `the document element is <${actualRoot}>; the contract expects <${xsd.element}> (x-xsd element)`;
    const at = context.specLocation(`${mediaPointer}/${EXTENSION.xsd}`);
    return [violation(side, rule.schema, message, `/${actualRoot}`, at)];
  }
  // `legacySchema` (numbers notification, NumberFormat LEGACY): a body valid against either is accepted.
  const schemas = [xsd.schema, ...(xsd.legacySchema === undefined ? [] : [xsd.legacySchema])];
  const validators = await Promise.all(
    schemas.map((schema) => context.xsd.get(resolve(context.serviceDir, schema))),
  );
  const result = await validateAgainstAny(validators, body, { fileName: `${side} body` });
  // A limit of the checker, not the contract: the body is not judged (scope.ts, `resource-limit`).
  const limit = result.issues.find(
    (issue) => issue.rule === 'document-too-large' || issue.rule === 'engine-failure',
  );
  if (limit && context.xsd.limits.pastLimit === 'not-judged')
    throw new CheckLimitError(`${side} body`, maskXmlMessage(limit.message));
  const xsdLocation = posix.join(posix.dirname(context.relativeRoot), xsd.schema);
  return result.issues.map((issue) => {
    const pointer = issue.path ?? (issue.line !== undefined ? `line ${issue.line}` : undefined);
    const [code, at] =
      issue.rule === 'xsd' ? [rule.schema, xsdLocation] : [rule.unparseable, mediaLocation()];
    return violation(side, code, maskXmlMessage(issue.message), pointer, at);
  });
}

/** Why a document is not well-formed XML (or has a DOCTYPE), `undefined` when it is fine. */
function wellFormednessIssue(xml: string): string | undefined {
  try {
    assertWellFormedXml(xml);
    return undefined;
  } catch (error) {
    const issue = (error as { issue?: { message: string } }).issue;
    if (!issue) throw error;
    return issue.message;
  }
}
