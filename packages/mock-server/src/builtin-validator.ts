import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { analyzeCredentials, credentialOf, describeScheme, securitySchemes } from './credentials.js';
import {
  deref,
  isJsonMediaType,
  isObject,
  isXmlMediaType,
  type JsonObject,
  mediaTypeEssence,
  type OpenApiDocument,
} from './openapi.js';
import type { MockRequest } from './request.js';
import type { Operation, RouteMatch, Router } from './router.js';
import type { Violation } from './violations.js';
import type { XmlBodyValidator } from './xml-body.js';

/**
 * The checks Prism does not do, run before Prism sees the request: the spec's `x-` rules
 * (`x-security-exclusive`, `x-unsupported-credentials`, `x-value-schema`, `x-requires`), the request's
 * media type, JSON that does not parse and XML bodies against their XSD. Parameters and JSON bodies
 * against their schemas are Prism's job; its findings are merged by the front.
 */
export class BuiltinValidator {
  private readonly valueSchemas = new Map<string, ValidateFunction>();

  constructor(
    private readonly spec: OpenApiDocument,
    private readonly router: Router,
    /** Folder of the service's root document: `x-xsd` paths are relative to it. */
    private readonly serviceDir: string,
    private readonly xml: XmlBodyValidator,
  ) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [name, scheme] of Object.entries(securitySchemes(spec))) {
      const schema = scheme['x-value-schema'];
      if (isObject(schema)) this.valueSchemas.set(name, ajv.compile(schema));
    }
  }

  async check(request: MockRequest, route: RouteMatch): Promise<Violation[]> {
    const violations = [
      ...this.checkCredentials(request, route.operation),
      ...this.checkRequires(request, route.operation),
      ...this.checkJsonParameters(request, route.operation),
    ];
    violations.push(...(await this.checkBody(request, route.operation)));
    return violations;
  }

  /** The XSD files the spec's XML request bodies use, to compile them at start-up. */
  xsdPaths(): string[] {
    const paths = new Set<string>();
    for (const operation of this.router.operations) {
      for (const media of Object.values(this.requestContent(operation) ?? {})) {
        const xsd = isObject(media) ? this.xsdOf(media) : undefined;
        if (xsd) paths.add(xsd.path);
      }
    }
    return [...paths];
  }

  private checkCredentials(request: MockRequest, operation: Operation): Violation[] {
    const schemes = securitySchemes(this.spec);
    const found = analyzeCredentials(this.spec, operation, request);
    const exclusive = this.spec['x-security-exclusive'] === true;
    const violations: Violation[] = [];
    const accepted = found.requirements
      .filter((names) => names.length > 0)
      .map((names) => names.map((name) => describeScheme(name, schemes[name])).join(' with '))
      .join('; or ');

    if (!found.anonymous && !found.satisfied) {
      if (exclusive && found.foreign.length > 0) {
        // Only a credential of a kind this operation does not take (an API key on a bearer-only operation).
        violations.push({
          rule: 'security-exclusive',
          message: `${found.foreign.map((name) => describeScheme(name, schemes[name])).join(' with ')} is not accepted by this operation; it accepts ${accepted}.`,
          side: 'request',
        });
      } else {
        const partial = found.requirements.find((names) =>
          names.some((name) => found.present.includes(name)),
        );
        const missing = partial?.filter((name) => !found.present.includes(name)) ?? [];
        violations.push({
          rule: 'security-missing',
          message:
            missing.length > 0
              ? `Incomplete credentials: ${missing.map((name) => describeScheme(name, schemes[name])).join(', ')} must be sent too.`
              : `This operation needs credentials: ${accepted}.`,
          side: 'request',
        });
      }
    }
    if (exclusive && found.satisfied && found.extra.length > 0) {
      violations.push({
        rule: 'security-exclusive',
        message: `Send exactly one credential: ${describeList(found.satisfied, schemes)} was sent together with ${describeList(found.extra, schemes)}.`,
        side: 'request',
      });
    }
    for (const entry of found.unsupported) {
      violations.push({
        rule: 'unsupported-credential',
        message: `The ${entry.in} ${entry.name} is not a supported credential.`,
        pointer: `${entry.in}:${entry.name}`,
        side: 'request',
      });
    }
    for (const name of found.present) {
      const scheme = schemes[name];
      const value = scheme ? credentialOf(scheme, request) : undefined;
      if (!scheme || value === undefined) continue;
      const problem = this.malformed(name, scheme, value);
      if (problem) {
        const violation: Violation = { rule: 'security-malformed', message: problem, side: 'request' };
        if (scheme.type === 'apiKey') violation.pointer = `${scheme.in ?? 'header'}:${scheme.name}`;
        else violation.pointer = 'header:Authorization';
        violations.push(violation);
      }
    }
    return violations;
  }

  private malformed(name: string, scheme: JsonObject, value: string): string | undefined {
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(value)
        ? Buffer.from(value, 'base64').toString('utf8')
        : '';
      if (!decoded.includes(':')) return `${name}: the Basic credential is not base64 of user:password.`;
    }
    const validate = this.valueSchemas.get(name);
    if (validate && !validate(value)) {
      return `${describeScheme(name, scheme)}: ${JSON.stringify(value)} ${validate.errors?.[0]?.message ?? 'is not valid'}.`;
    }
    return undefined;
  }

  /** `x-requires`: a parameter present without the parameters it needs (same `in`). */
  private checkRequires(request: MockRequest, operation: Operation): Violation[] {
    const violations: Violation[] = [];
    for (const parameter of operation.parameters) {
      const needs = parameter['x-requires'];
      if (!Array.isArray(needs) || typeof parameter.name !== 'string') continue;
      const where = String(parameter.in);
      if (!isPresent(request, where, parameter.name)) continue;
      for (const other of needs.map(String)) {
        if (!isPresent(request, where, other)) {
          violations.push({
            rule: 'parameter-requires',
            message: `The ${where} parameter ${parameter.name} requires ${other}.`,
            pointer: `${where}:${other}`,
            side: 'request',
          });
        }
      }
    }
    return violations;
  }

  /**
   * Parameters written as JSON (`content: application/json`, the runs `filters`): Prism does not look
   * at them, so at least the JSON must parse. Their schema is checked by the contract checker.
   */
  private checkJsonParameters(request: MockRequest, operation: Operation): Violation[] {
    const violations: Violation[] = [];
    for (const parameter of operation.parameters) {
      if (!isObject(parameter.content) || parameter.in !== 'query' || typeof parameter.name !== 'string')
        continue;
      if (!Object.keys(parameter.content).some(isJsonMediaType)) continue;
      const value = request.query.get(parameter.name);
      if (value === null) continue;
      try {
        JSON.parse(value);
      } catch (error) {
        violations.push({
          rule: 'parameter-unparseable',
          message: `The query parameter ${parameter.name} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
          pointer: `query:${parameter.name}`,
          side: 'request',
        });
      }
    }
    return violations;
  }

  private async checkBody(request: MockRequest, operation: Operation): Promise<Violation[]> {
    const content = this.requestContent(operation);
    const body = request.body ?? '';
    if (body === '') return [];
    if (!content) {
      return [
        {
          rule: 'request-body-undocumented',
          message: 'This operation takes no request body.',
          side: 'request',
        },
      ];
    }
    const contentType = request.headers['content-type'];
    const media = contentType ? matchMedia(content, contentType) : undefined;
    if (!contentType || !media) {
      return [
        {
          rule: 'request-content-type',
          message: `Content-Type ${contentType ?? '(none)'} is not accepted; send ${Object.keys(content).join(' or ')}.`,
          pointer: 'header:Content-Type',
          side: 'request',
        },
      ];
    }
    if (isJsonMediaType(contentType)) {
      try {
        JSON.parse(body);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return [
          { rule: 'request-body-unparseable', message: `The body is not JSON: ${reason}`, side: 'request' },
        ];
      }
    }
    if (isXmlMediaType(contentType)) {
      const xsd = this.xsdOf(media);
      const label = `${operation.method.toUpperCase()} ${operation.path}`;
      // `x-xsd: false` marks a document the source does not show: it must still be XML.
      if (!xsd) return this.xml.checkWellFormed(body, label);
      return this.xml.check({ xml: body, xsdPath: xsd.path, element: xsd.element, label });
    }
    return [];
  }

  private requestContent(operation: Operation): JsonObject | undefined {
    const body = deref(this.spec, operation.node.requestBody);
    return isObject(body) && isObject(body.content) ? body.content : undefined;
  }

  private xsdOf(media: JsonObject): { path: string; element: string | undefined } | undefined {
    const xsd = media['x-xsd'];
    if (!isObject(xsd) || typeof xsd.schema !== 'string') return undefined;
    return {
      path: resolve(this.serviceDir, xsd.schema),
      element: typeof xsd.element === 'string' ? xsd.element : undefined,
    };
  }
}

/** The documented media type object for a request's Content-Type, compared without parameters. */
export function matchMedia(content: JsonObject, contentType: string): JsonObject | undefined {
  const essence = mediaTypeEssence(contentType);
  for (const [mediaType, media] of Object.entries(content)) {
    const documented = mediaTypeEssence(mediaType);
    const wildcard = documented.endsWith('/*') && essence.startsWith(documented.slice(0, -1));
    if ((documented === essence || documented === '*/*' || wildcard) && isObject(media)) return media;
  }
  return undefined;
}

function describeList(names: string[], schemes: Record<string, JsonObject>): string {
  return names.map((name) => describeScheme(name, schemes[name])).join(' with ');
}

function isPresent(request: MockRequest, where: string, name: string): boolean {
  if (where === 'query') return request.query.has(name);
  if (where === 'header') return request.headers[name.toLowerCase()] !== undefined;
  if (where === 'cookie')
    return (request.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${name}=`));
  return true;
}
