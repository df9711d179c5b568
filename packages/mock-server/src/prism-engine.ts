import type { IHttpConfig, IHttpOperationConfig, IHttpRequest } from '@stoplight/prism-http';
// The spec reader alone: Prism's index also loads its generator, which requires all of faker's locales.
import { getHttpOperationsFromSpec } from '@stoplight/prism-http/dist/utils/operations.js';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';

/** Prism used as a library: `createInstance` routes, negotiates the response and picks or generates the
 * example, in-process (no HTTP hop, no process per service). */
export interface PrismEngine {
  request(input: IHttpRequest, mock: IHttpOperationConfig): Promise<PrismResult>;
}

export type PrismResult =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown }
  /** Prism could not answer: no such path or method, a status the operation does not document, ... */
  | { ok: false; status: number; detail: string; headers: Record<string, string> };

type PrismModules = [typeof import('@stoplight/prism-http'), typeof import('@stoplight/prism-core')];
let loading: Promise<PrismModules> | undefined;

/** Prism's mocker, loaded once, by the first answer that needs it. */
function loadPrism(): Promise<PrismModules> {
  loading ??= Promise.all([import('@stoplight/prism-http'), import('@stoplight/prism-core')]);
  return loading;
}

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

/** Reads the spec's operations now (a spec Prism cannot read fails here); the mocker loads on first use. */
export async function createPrismEngine(
  document: OpenApiDocument,
  options: { verbose?: boolean } = {},
): Promise<PrismEngine> {
  const operations = await getHttpOperationsFromSpec(document);
  let instance: Promise<ReturnType<PrismModules[0]['createInstance']>> | undefined;
  const prism = () =>
    (instance ??= loadPrism().then(([http, core]) => {
      const logger = core.createLogger('prism', { level: options.verbose ? 'info' : 'silent' });
      return http.createInstance(config, { logger });
    }));
  return {
    async request(input, mock) {
      const result = await (await prism()).request(input, operations, { ...config, mock })();
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
