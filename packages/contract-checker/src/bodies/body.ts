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
  type JsonObject,
  type MediaType,
  type OpenApiDocument,
  parseMediaType,
} from '@svc-contracts/openapi-utils';
import { maskXmlMessage } from '@svc-contracts/redact';
import { assertWellFormedXml, validateAgainstAny } from '@svc-contracts/xml-validator';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { XsdCache } from '../contract/xsd-cache.js';
import { CheckLimitError } from '../core/scope.js';
import type { RuleCode, Side, Violation } from '../core/types.js';
import { parseFormEncoded } from '../parameters/request-parts.js';
import { jwtClaimMismatches } from '../security/jwt-claims.js';
import { fieldsCoercionEach } from './coerce.js';
import { type TrafficJson, UnparseableJson } from './json-text.js';

export interface BodyContext {
  doc: OpenApiDocument;
  validator: SchemaValidator;
  xsd: XsdCache;
  /** Folder of the service's root document (`x-xsd` paths are relative to it). */
  serviceDir: string;
  /** Root document relative to the repository, for spec locations. */
  relativeRoot: string;
  specLocation: (pointer: string) => string;
  /** The contract set's JSON reader of recorded traffic (its policy, its remembered parses). */
  json: TrafficJson;
}

/** What the contract says about one body: the `content` map and where it is. */
export interface DeclaredBody {
  side: Side;
  /** `content` of the request body or response; undefined when none is declared. */
  content: unknown;
  /** Pointer of the request body / response object (for spec locations). */
  pointer: string;
  required: boolean;
  /** `x-body-open` on the response: the source shows neither whether it has a body nor its media type. */
  open?: boolean;
}

/** The rule codes of one side's body. */
const rules = (side: Side) =>
  ({
    contentType: `${side}-content-type`,
    missing: `${side}-body-missing`,
    undocumented: `${side}-body-undocumented`,
    unparseable: `${side}-body-unparseable`,
    schema: `${side}-body-schema`,
  }) as const satisfies Record<string, RuleCode>;

function violation(
  side: Side,
  rule: RuleCode,
  message: string,
  pointer?: string,
  specLocation?: string,
): Violation {
  const result: Violation = { rule, severity: 'error', side, message };
  if (pointer !== undefined) result.pointer = pointer;
  if (specLocation !== undefined) result.specLocation = specLocation;
  return result;
}

/** Content-Type texts whose media check is kept per declared body (they come from traffic). */
const maxContentTypes = 256;

export function declaredMediaTypes(content: unknown): string[] {
  return isObject(content) ? Object.keys(content) : [];
}

/** A result now when it is known now (JSON, form, text), a promise when it waits for the XML engine. */
export type MaybePromise<T> = T | Promise<T>;

/** One part of an XML prolog: white space, a processing instruction, a comment or the DOCTYPE. */
const prologPart = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/iy;
const elementName = /<([A-Za-z_][\w.:-]*)/y;

/** The local name of the document element, skipping the prolog; undefined when there is none. */
export function rootElementName(xml: string): string | undefined {
  let at = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (prologPart.lastIndex = at; prologPart.test(xml); prologPart.lastIndex = at) at = prologPart.lastIndex;
  elementName.lastIndex = at;
  const name = elementName.exec(xml)?.[1];
  return name?.slice(name.indexOf(':') + 1);
}

/** Checks a recorded body against the declared `content`: presence, Content-Type, then the body by media kind
 * (JSON, form, XML against `x-xsd`, text with `contentMediaType` + `contentSchema`). */
export type BodyCheck = (
  contentTypeHeader: string | undefined,
  body: string | undefined,
) => MaybePromise<Violation[]>;

/** What a body check finds in a body that conforms: one shared, frozen list (the checks run per entry, and
 * their callers only read what they get, adding it to lists of their own). */
const none: Violation[] = Object.freeze([]) as unknown as Violation[];

/** The check of one declared body, worked out once: its media types, and per Content-Type text the declared
 * entry it falls under with that entry's compiled check (found on the first body that has it). */
export function planBody(context: BodyContext, declared: DeclaredBody): BodyCheck {
  const { side } = declared;
  const rule = rules(side);
  const declaredTypes = declaredMediaTypes(declared.content);
  const content = isObject(declared.content) ? declared.content : undefined;
  // Per Content-Type text, the declared media type it falls under with its compiled check; past the bound the
  // map starts again, so memory stays bounded.
  const byContentType = new Map<string, MediaCheck | undefined>();
  const mediaCheckFor = (contentTypeHeader: string): MediaCheck | undefined => {
    const found = content === undefined ? undefined : findMediaType(content, contentTypeHeader);
    if (!found) return undefined;
    const mediaPointer = `${declared.pointer}/content/${escapePointer(found.key)}`;
    return planMedia(context, side, found.actual, found.media, mediaPointer);
  };
  // Traffic repeats its Content-Type: the last one is compared before the map is asked.
  let lastContentType: string | undefined;
  let lastCheck: MediaCheck | undefined;
  return (contentTypeHeader, body) => {
    if (body === undefined) return none;
    if (body === '') {
      return declared.required && !declared.open && declaredTypes.length > 0
        ? [
            violation(
              side,
              rule.missing,
              `the ${side} has no body; the contract declares ${declaredTypes.join(', ')}`,
              undefined,
              context.specLocation(declared.pointer),
            ),
          ]
        : none;
    }
    if (declaredTypes.length === 0) {
      if (declared.open) return none;
      return [
        violation(
          side,
          rule.undocumented,
          `the ${side} has a body but the contract declares none here`,
          undefined,
          context.specLocation(declared.pointer),
        ),
      ];
    }
    if (contentTypeHeader === undefined) {
      if (declared.open) return none;
      return [
        violation(
          side,
          rule.contentType,
          `the ${side} has a body but no Content-Type; declared: ${declaredTypes.join(', ')}`,
          'header:Content-Type',
          context.specLocation(`${declared.pointer}/content`),
        ),
      ];
    }
    if (contentTypeHeader !== lastContentType) {
      lastCheck = byContentType.get(contentTypeHeader);
      if (lastCheck === undefined && !byContentType.has(contentTypeHeader)) {
        if (byContentType.size >= maxContentTypes) byContentType.clear();
        lastCheck = mediaCheckFor(contentTypeHeader);
        byContentType.set(contentTypeHeader, lastCheck);
      }
      lastContentType = contentTypeHeader;
    }
    const check = lastCheck;
    if (!check) {
      // Repeated lines of one media type are that media type (parseMediaType); different ones are no media
      // type at all, whatever the contract leaves open.
      const members = contentTypeMembers(contentTypeHeader);
      if (members.length > 1 && parseMediaType(contentTypeHeader) === undefined) {
        return [
          violation(
            side,
            rule.contentType,
            `Content-Type holds different values (${members.map((member) => `'${member}'`).join(', ')}); a message has one media type`,
            'header:Content-Type',
            context.specLocation(`${declared.pointer}/content`),
          ),
        ];
      }
      if (declared.open) return none;
      return [
        violation(
          side,
          rule.contentType,
          `Content-Type '${contentTypeHeader}' is not declared; declared: ${declaredTypes.join(', ')}`,
          'header:Content-Type',
          context.specLocation(`${declared.pointer}/content`),
        ),
      ];
    }
    return check(body);
  };
}

/** The body schema itself (its `$ref` followed), for the extensions it carries. */
function schemaNode(doc: OpenApiDocument, schema: unknown, mediaPointer: string): JsonObject | undefined {
  const { node } = derefWithPointer(doc, schema, `${mediaPointer}/schema`);
  return isObject(node) ? node : undefined;
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
  const rule = rules(side);
  if (!isObject(media)) return () => none;
  const schema = media.schema;
  // Locations are worked out only for a body that fails (then kept): a conforming one never needs them.
  let schemaAt: string | undefined;
  const schemaLocation = () =>
    (schemaAt ??= context.specLocation(
      derefWithPointer(context.doc, schema, `${mediaPointer}/schema`).pointer,
    ));
  const schemaViolations = (target: unknown, value: unknown, location: () => string): Violation[] => {
    const issues = context.validator.validateConcise(target, value);
    if (issues.length === 0) return none;
    const at = location();
    return issues.map((issue) =>
      violation(
        side,
        rule.schema,
        `${issue.instancePath === '/' ? 'body' : issue.instancePath} ${issue.message}`,
        issue.instancePath,
        at,
      ),
    );
  };
  const unparseableJson = (refusal: UnparseableJson): Violation[] => [
    violation(
      side,
      rule.unparseable,
      `the ${side} body is not valid JSON: ${refusal.message}`,
      undefined,
      context.specLocation(mediaPointer),
    ),
  ];

  if (isXmlMediaType(actual)) {
    const xsd = readXsd(media).value;
    return (body) => checkXml(context, side, xsd, mediaPointer, body);
  }

  if (isJsonMediaType(actual)) {
    const conforms = schema === undefined ? undefined : context.validator.tester(schema);
    // Malformed entries are left out (the linter reports them).
    const claimRules =
      (schema === undefined
        ? undefined
        : readJwtClaims(schemaNode(context.doc, schema, mediaPointer)).value) ?? [];
    const claimViolations = (value: unknown): Violation[] => {
      const mismatches = jwtClaimMismatches(context.json, value, claimRules);
      if (mismatches.length === 0) return none;
      const at = schemaLocation();
      return mismatches.map(({ pointer, message }) => violation(side, rule.schema, message, pointer, at));
    };
    return (body) => {
      const value = context.json.parse(body);
      if (value instanceof UnparseableJson) return unparseableJson(value);
      if (conforms !== undefined && !conforms(value)) return schemaViolations(schema, value, schemaLocation);
      return claimRules.length === 0 ? none : claimViolations(value);
    };
  }

  if (schema === undefined) return () => none;
  const conforms = context.validator.tester(schema);

  if (isFormMediaType(actual)) {
    const fields = fieldsCoercionEach(context.doc, schema);
    return (body) => {
      const values = fields(parseFormEncoded(body));
      if (values.length === 1) {
        const [value] = values;
        return conforms(value) ? none : schemaViolations(schema, value, schemaLocation);
      }
      // A field sent more than once: every value is checked, each problem reported once.
      const found = new Map<string, Violation>();
      for (const value of values) {
        if (conforms(value)) continue;
        for (const one of schemaViolations(schema, value, schemaLocation)) found.set(one.message, one);
      }
      return found.size === 0 ? none : [...found.values()];
    };
  }

  const resolved = derefWithPointer(context.doc, schema, `${mediaPointer}/schema`);
  const node = resolved.node;
  const stringViolations = (body: string): Violation[] =>
    conforms(body) ? none : schemaViolations(schema, body, schemaLocation);
  // A text body that carries JSON (`contentMediaType: application/json` + `contentSchema`): the string itself
  // is checked against the schema, then its decoded content against `contentSchema`.
  if (!isObject(node) || typeof node.contentMediaType !== 'string') return stringViolations;
  const contentMediaType = node.contentMediaType;
  const inner = parseMediaType(contentMediaType);
  const contentSchema = node.contentSchema;
  if (!inner || !isJsonMediaType(inner) || contentSchema === undefined) return stringViolations;
  const contentConforms = context.validator.tester(contentSchema);
  let contentSchemaAt: string | undefined;
  const contentSchemaLocation = () =>
    (contentSchemaAt ??= context.specLocation(
      derefWithPointer(context.doc, contentSchema, `${resolved.pointer}/contentSchema`).pointer,
    ));
  return (body) => {
    const fromString = stringViolations(body);
    const value = context.json.parse(body);
    if (value instanceof UnparseableJson) {
      return [
        ...fromString,
        violation(
          side,
          rule.unparseable,
          `the ${side} body is ${actual.essence} that must hold ${contentMediaType}, and it does not parse: ${value.message}`,
          undefined,
          context.specLocation(`${resolved.pointer}/contentMediaType`),
        ),
      ];
    }
    if (contentConforms(value)) return fromString;
    return [...fromString, ...schemaViolations(contentSchema, value, contentSchemaLocation)];
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
  // The linter requires `x-xsd` on every XML media type; `x-xsd: false` marks a document the source does not
  // show, which must still be XML.
  if (!xsd) {
    const issue = wellFormednessIssue(body);
    return issue
      ? [
          violation(
            side,
            rule.unparseable,
            maskXmlMessage(issue),
            undefined,
            context.specLocation(mediaPointer),
          ),
        ]
      : [];
  }
  const xsdLocation = posix.join(posix.dirname(context.relativeRoot), xsd.schema);
  const expectedRoot = xsd.element;
  const actualRoot = rootElementName(body);
  if (expectedRoot !== undefined && actualRoot !== undefined && actualRoot !== expectedRoot) {
    // `otherRoots: open`: the XSD holds only a document of its root element; another document is one the
    // source leaves open (numbers' 400 of the tns operation: the Tn error, or any other refusal).
    if (xsd.otherRoots === 'open') return checkXml(context, side, false, mediaPointer, body);
    return [
      violation(
        side,
        rule.schema,
        `the document element is <${actualRoot}>; the contract expects <${expectedRoot}> (x-xsd element)`,
        `/${actualRoot}`,
        context.specLocation(`${mediaPointer}/${EXTENSION.xsd}`),
      ),
    ];
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
  return result.issues.map((issue) => {
    const pointer = issue.path ?? (issue.line !== undefined ? `line ${issue.line}` : undefined);
    const code = issue.rule === 'xsd' ? rule.schema : rule.unparseable;
    return violation(
      side,
      code,
      maskXmlMessage(issue.message),
      pointer,
      code === rule.schema ? xsdLocation : context.specLocation(mediaPointer),
    );
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
