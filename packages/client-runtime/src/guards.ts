import type { Middleware } from 'openapi-fetch';
import { InvalidRequestError } from './errors.js';
import { findOperation, type OperationInfo, type ServiceContract } from './operations.js';

/**
 * Whether a request carrying exactly the schemes in `active` satisfies one of the operation's security
 * alternatives. Under `x-security-exclusive` it must carry one alternative and nothing else; otherwise
 * carrying more than one alternative needs is tolerated.
 */
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

/** {@link findOperation} remembered per method and path template: the guards run on every call. */
function operationLookup(contract: ServiceContract): (method: string, pathTemplate: string) => Found {
  const known = new Map<string, Found>();
  return (method, pathTemplate) => {
    const key = `${method} ${pathTemplate}`;
    if (known.has(key)) return known.get(key);
    const found = findOperation(contract, method, pathTemplate);
    // Templates come from the spec's paths; the bound only matters for odd `raw` calls.
    if (known.size < MAX_REMEMBERED) known.set(key, found);
    return found;
  };
}

/**
 * openapi-fetch middleware that refuses, before anything is sent, a request whose operation does not
 * accept the client's credentials (for example an API key on a bearer-only operation). `explain` writes
 * the message: it should say which credentials the operation takes.
 */
export function credentialGuard(
  contract: ServiceContract,
  active: readonly string[],
  explain: (operationId: string, info: OperationInfo) => string,
): Middleware {
  const lookup = operationLookup(contract);
  return {
    onRequest({ request, schemaPath }) {
      const found = lookup(request.method, schemaPath);
      if (found === undefined) return undefined;
      const [operationId, info] = found;
      if (!acceptsCredentials(info, active, contract.securityExclusive)) {
        throw new InvalidRequestError(explain(operationId, info));
      }
      return undefined;
    },
  };
}

/**
 * openapi-fetch middleware that enforces `x-requires` before sending: a query parameter that requires
 * others is refused when one of them is missing (for example `areaCode` without `countryCodeA3`).
 */
export function parameterRequirementsGuard(contract: ServiceContract): Middleware {
  const lookup = operationLookup(contract);
  return {
    onRequest({ request, schemaPath, params }) {
      const found = lookup(request.method, schemaPath);
      if (found === undefined) return undefined;
      const [operationId, info] = found;
      for (const requirement of info.requires) {
        const values = params[requirement.in as 'query' | 'path' | 'header' | 'cookie'] ?? {};
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
      return undefined;
    },
  };
}

/** True in a browser-like environment (a `window` or `document` global), where secrets must not be. */
export function isBrowserLike(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return scope.window !== undefined || scope.document !== undefined;
}
