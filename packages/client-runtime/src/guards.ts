import type { Middleware } from 'openapi-fetch';
import { InvalidRequestError } from './errors.js';
import { findOperation, type OperationInfo, type ServiceContract } from './operations.js';

/** Whether a request carrying exactly the schemes in `active` satisfies one of the operation's security
 * alternatives. */
export function acceptsCredentials(
  info: OperationInfo,
  active: readonly string[],
  exclusive: boolean,
): boolean {
  if (info.security.length === 0) return true;
  return info.security.some((alternative) => {
    if (alternative.length === 0) return true;
    const covered = alternative.every((scheme) => active.includes(scheme));
    return exclusive ? covered && alternative.length === active.length : covered;
  });
}

type Found = ReturnType<typeof findOperation>;
const MAX_REMEMBERED = 1_000;

/** The parameters of a call as openapi-fetch takes them (`params`). */
export type RequestParams = Partial<Record<'query' | 'path' | 'header' | 'cookie', Record<string, unknown>>>;

/** A rule a request must meet before anything is built or sent: throws an `InvalidRequestError` to refuse it. */
export type RequestCheck = (method: string, schemaPath: string, params: RequestParams) => void;

/** {@link findOperation} remembered per path template and method: the checks run on every call. */
function operationLookup(contract: ServiceContract): (method: string, pathTemplate: string) => Found {
  const known = new Map<string, Map<string, Found>>();
  let size = 0;
  return (method, pathTemplate) => {
    let byMethod = known.get(pathTemplate);
    if (byMethod?.has(method)) return byMethod.get(method);
    const found = findOperation(contract, method, pathTemplate);
    // Templates come from the spec's paths; the bound only matters for odd `raw` calls.
    if (size < MAX_REMEMBERED) {
      if (byMethod === undefined) {
        byMethod = new Map();
        known.set(pathTemplate, byMethod);
      }
      byMethod.set(method, found);
      size++;
    }
    return found;
  };
}

/** Refuses, before anything is sent, a request whose operation does not accept the client's credentials (for
 * example an API key on a bearer-only operation). */
export function credentialCheck(
  contract: ServiceContract,
  active: readonly string[],
  explain: (operationId: string, info: OperationInfo) => string,
): RequestCheck {
  const lookup = operationLookup(contract);
  return (method, schemaPath) => {
    const found = lookup(method, schemaPath);
    if (found === undefined) return;
    const [operationId, info] = found;
    if (!acceptsCredentials(info, active, contract.securityExclusive)) {
      throw new InvalidRequestError(explain(operationId, info));
    }
  };
}

/** Enforces `x-requires` before sending: a query parameter that requires others is refused when one of them
 * is missing (for example `areaCode` without `countryCodeA3`). */
export function parameterRequirementsCheck(contract: ServiceContract): RequestCheck {
  const lookup = operationLookup(contract);
  return (method, schemaPath, params) => {
    const found = lookup(method, schemaPath);
    if (found === undefined) return;
    const [operationId, info] = found;
    for (const requirement of info.requires) {
      const values = params[requirement.in as keyof RequestParams] ?? {};
      if (values[requirement.name] === undefined) continue;
      const missing = requirement.requires.filter(
        (name) => values[name] === undefined || values[name] === '',
      );
      if (missing.length > 0) {
        throw new InvalidRequestError(
          `${operationId}: ${requirement.in} parameter ${requirement.name} requires ${missing.join(' and ')} as well; the request was not sent.`,
        );
      }
    }
  };
}

/** openapi-fetch middleware running `checks` on each request (what `raw` calls go through). */
export function checksMiddleware(checks: readonly RequestCheck[]): Middleware {
  return {
    onRequest({ request, schemaPath, params }) {
      for (const check of checks) check(request.method, schemaPath, params as RequestParams);
      return undefined;
    },
  };
}

/** {@link credentialCheck} as openapi-fetch middleware. */
export function credentialGuard(
  contract: ServiceContract,
  active: readonly string[],
  explain: (operationId: string, info: OperationInfo) => string,
): Middleware {
  return checksMiddleware([credentialCheck(contract, active, explain)]);
}

/** {@link parameterRequirementsCheck} as openapi-fetch middleware. */
export function parameterRequirementsGuard(contract: ServiceContract): Middleware {
  return checksMiddleware([parameterRequirementsCheck(contract)]);
}

/** True in a browser-like environment (a `window` or `document` global), where secrets must not be. */
export function isBrowserLike(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return scope.window !== undefined || scope.document !== undefined;
}
