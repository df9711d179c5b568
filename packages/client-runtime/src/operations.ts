/** The facts about a service's operations that OpenAPI types cannot carry but a client must enforce at run
 * time (security alternatives, `x-server-side-only`, `x-requires`). */
export interface OperationInfo {
  readonly method: string;
  /** The path template as in the spec, for example `/api/v1/campaign/{campaign_id}/pause`. */
  readonly path: string;
  /** Security alternatives: each inner list names the schemes one request must carry together. */
  readonly security: readonly (readonly string[])[];
  /** `x-server-side-only`: the credentials must never be in client-side code. */
  readonly serverSideOnly: boolean;
  /** Parameters with `x-requires`: when `name` is present, every name in `requires` must be too. */
  readonly requires: readonly ParameterRequirement[];
}

export interface ParameterRequirement {
  readonly in: string;
  readonly name: string;
  readonly requires: readonly string[];
}

export interface SecuritySchemeInfo {
  readonly type: string;
  readonly scheme?: string;
  readonly in?: string;
  /** Header, query or cookie name of an `apiKey` scheme. */
  readonly name?: string;
  /** `x-value-schema.pattern`: the credential value must match it. */
  readonly valuePattern?: string;
}

export interface ServiceContract {
  readonly operations: Readonly<Record<string, OperationInfo>>;
  readonly securitySchemes: Readonly<Record<string, SecuritySchemeInfo>>;
  /** `x-security-exclusive`: a request carries the credentials of exactly one security alternative. */
  readonly securityExclusive: boolean;
}

/** Finds the operation of a request from its method and path template (what openapi-fetch calls `schemaPath`). */
export function findOperation(
  contract: ServiceContract,
  method: string,
  pathTemplate: string,
): [operationId: string, info: OperationInfo] | undefined {
  const upper = method.toUpperCase();
  for (const [operationId, info] of Object.entries(contract.operations)) {
    if (info.method === upper && info.path === pathTemplate) return [operationId, info];
  }
  return undefined;
}
