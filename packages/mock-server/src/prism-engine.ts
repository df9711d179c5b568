import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpOperationConfig,
  type IHttpRequest,
} from '@stoplight/prism-http';
import type { OpenApiDocument } from './openapi.js';
import type { Violation } from './violations.js';

/**
 * Prism used as a library: `createInstance` routes, checks security and parameters and JSON bodies,
 * negotiates the response and picks or generates the example. Calling it in-process (instead of
 * running `prism mock` behind a proxy) saves an HTTP hop per request and a ~190 MB process per
 * service, and returns the request violations as data rather than in an `sl-violations` header.
 */
export interface PrismEngine {
  request(input: IHttpRequest, mock: IHttpOperationConfig): Promise<PrismResult>;
}

export type PrismResult =
  | {
      ok: true;
      status: number;
      headers: Record<string, string>;
      body: unknown;
      /** Errors Prism found in the request (security, parameters, body), as contract violations. */
      violations: Violation[];
      /** Prism found no credential an alternative of the operation accepts. */
      securityFailed: boolean;
    }
  /** Prism could not answer: no such path or method, a status the operation does not document, ... */
  | { ok: false; status: number; title: string; detail: string; headers: Record<string, string> };

const errorSeverity = 0;

export interface PrismEngineOptions {
  /**
   * Let Prism check security, parameters and bodies too. Off when the contract checker has checked
   * the request already: it checks all Prism does and more, and Prism then answers twice as fast.
   */
  validate: boolean;
  /** Prism's own log. */
  verbose?: boolean;
}

export async function createPrismEngine(
  document: OpenApiDocument,
  options: PrismEngineOptions,
): Promise<PrismEngine> {
  const operations = await getHttpOperationsFromSpec(document);
  const logger = createLogger('prism', { level: options.verbose ? 'info' : 'silent' });
  const config: IHttpConfig = {
    checkSecurity: options.validate,
    validateRequest: options.validate,
    // The mock serves the spec's own examples; checking them is the spec tests' job, not each request's.
    validateResponse: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
    mock: { dynamic: false },
  };
  const prism = createInstance(config, { logger });

  return {
    async request(input, mock) {
      const result = await prism.request(input, operations, { ...config, mock })();
      if (result._tag === 'Left') {
        const error = result.left as Error & {
          status?: number;
          detail?: string;
          additional?: { headers?: object };
        };
        return {
          ok: false,
          status: error.status ?? 500,
          title: error.message,
          detail: error.detail ?? error.message,
          headers: { ...(error.additional?.headers as Record<string, string> | undefined) },
        };
      }
      const { output, validations } = result.right;
      const errors = validations.input.filter((diagnostic) => diagnostic.severity === errorSeverity);
      return {
        ok: true,
        status: output.statusCode,
        headers: { ...output.headers },
        body: output.body,
        violations: errors.filter((diagnostic) => diagnostic.code !== 401).map(toViolation),
        securityFailed: errors.some((diagnostic) => diagnostic.code === 401),
      };
    },
  };
}

/**
 * Prism's diagnostic in the contract checker's terms: `['query', 'limit']` → `query:limit`,
 * `['body', 'to']` → `/to`; a missing property is pointed at, as FastAPI's `loc` does.
 */
function toViolation(diagnostic: { code?: string | number; message: string; path?: string[] }): Violation {
  const [part, ...rest] = diagnostic.path ?? [];
  const missing = /required property '([^']+)'/.exec(diagnostic.message)?.[1];
  const inner = missing === undefined ? rest : [...rest, missing];
  const escaped = inner.map((segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1'));
  let pointer: string | undefined;
  if (part === 'body') pointer = `/${escaped.join('/')}`;
  else if (part === 'query' || part === 'header' || part === 'path' || part === 'cookie') {
    pointer = `${part}:${escaped.join('/')}`;
  }
  let rule = part === 'body' ? 'request-body-schema' : 'parameter-invalid';
  if (diagnostic.code === 415) rule = 'request-content-type';
  const violation: Violation = { rule, message: diagnostic.message, side: 'request' };
  if (pointer !== undefined) violation.pointer = pointer;
  return violation;
}
