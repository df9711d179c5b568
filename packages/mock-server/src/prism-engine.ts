// First: Prism must find the stand-in for faker when it loads (see the module).
import './faker-on-demand.js';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpOperationConfig,
  type IHttpRequest,
} from '@stoplight/prism-http';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';

/**
 * Prism used as a library: `createInstance` routes, negotiates the response and picks or generates the
 * example. Calling it in-process (instead of running `prism mock` behind a proxy) saves an HTTP hop per
 * request and a ~190 MB process per service. Its request validation is off: the contract checker has
 * checked the request already, more thoroughly, and Prism answers twice as fast without it.
 */
export interface PrismEngine {
  request(input: IHttpRequest, mock: IHttpOperationConfig): Promise<PrismResult>;
}

export type PrismResult =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown }
  /** Prism could not answer: no such path or method, a status the operation does not document, ... */
  | { ok: false; status: number; detail: string; headers: Record<string, string> };

export async function createPrismEngine(
  document: OpenApiDocument,
  options: { verbose?: boolean } = {},
): Promise<PrismEngine> {
  const operations = await getHttpOperationsFromSpec(document);
  const logger = createLogger('prism', { level: options.verbose ? 'info' : 'silent' });
  const config: IHttpConfig = {
    checkSecurity: false,
    validateRequest: false,
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
          detail: error.detail ?? error.message,
          headers: { ...(error.additional?.headers as Record<string, string> | undefined) },
        };
      }
      const { output } = result.right;
      return { ok: true, status: output.statusCode, headers: { ...output.headers }, body: output.body };
    },
  };
}
