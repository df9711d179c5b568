import type { ExchangeRequest, ExchangeResponse, HarNameValue } from '@svc-contracts/har';
import type { NotJudged } from './scope.js';

/** One HTTP header as recorded (duplicates and the original case kept): the HAR package's name/value pair. */
export type HeaderField = HarNameValue;

/** A request as the checker judges it: @svc-contracts/har's one request type. */
export type RecordedRequest = ExchangeRequest;

/** A response as the checker judges it: @svc-contracts/har's one response type; `body` is read as text. */
export type RecordedResponse = ExchangeResponse;

export type Side = 'request' | 'response';

export interface Violation {
  /** Stable rule code, see `ruleCatalogue`. */
  rule: RuleCode;
  severity: 'error';
  message: string;
  side: Side;
  /** Where in the recording: a JSON pointer (`/items/0/id`) or XML path (`/Order/SiteId`) into the body,
   * `header:X-Name`, `query:limit`, `query:filters/0/value`, `path:campaign_id`, `cookie:name`. */
  pointer?: string;
  /** Where in the contract: `specs/agents/openapi.yaml#/paths/~1api~1v1~1workflow~1fetch/get`. */
  specLocation?: string;
  /** Which case of the rule, where callers answer the cases differently (a mock's 403 versus 401). */
  reason?: ViolationReason;
}

/** `security-exclusive`: `scheme-not-allowed` when a credential is of a scheme the operation does not take at
 * all, `credentials-together` when the credentials sent belong to more than one requirement,
 * `api-key-as-bearer` when the bearer token is the value of an API key sent in the same request. */
export type ViolationReason = 'scheme-not-allowed' | 'credentials-together' | 'api-key-as-bearer';

export interface OperationMatch {
  service: string;
  operationId: string;
  /** Upper case, as in the recording. */
  method: string;
  /** The path key of the spec, for example `/api/v1/workflow/fetch/{workflow_id}`. */
  pathTemplate: string;
  /** Percent-decoded values of the template's parameters. */
  pathParams: Record<string, string>;
  /** The `x-path-aliases` template the URL matched through (another spelling the source uses), if any. */
  pathAlias?: string;
}

export type Verdict = 'conforms' | 'rejected-as-expected' | 'violation';

export interface EntryVerdict {
  match?: OperationMatch;
  verdict: Verdict;
  /** What makes the entry fail; empty unless the verdict is `violation`. */
  violations: Violation[];
  /** Every way the request breaks the contract, whether or not the service refused it. */
  requestViolations: Violation[];
  /** What the checker accepted without the source stating it: a refusal with a 4xx of the service's choice
   * where the source states no validation status (`refused 400; ... any 4xx is accepted`). */
  note?: string;
  /** Parts that could not be judged (`credentials` of a request whose recording stripped them). */
  notJudged?: NotJudged[];
}

export interface CheckOptions {
  /** Match against this service only (the CLI's `--service`). */
  service?: string | undefined;
}

/** Every rule the checker reports; the catalogue below is the documentation of each code. */
export const ruleCatalogue = {
  'undocumented-operation': 'No operation of the contract matches the method and URL path.',
  'parameter-missing': 'A required path, query, header or cookie parameter is absent.',
  'parameter-invalid':
    'A parameter value, decoded per its style and coerced to its schema type, fails its schema.',
  'parameter-unparseable':
    'A parameter declared with `content` (for example a JSON query parameter) does not parse.',
  'parameter-requires': 'A parameter is present without a parameter its `x-requires` lists.',
  'security-missing': 'The request satisfies none of the operation’s security requirements.',
  'security-malformed':
    'A credential of an allowed scheme is present but malformed (Basic not base64 `user:pass`, a value failing `x-value-schema`).',
  'security-exclusive':
    '`x-security-exclusive`: credentials of more than one requirement, or of a scheme the operation does not allow.',
  'unsupported-credential':
    'The request carries a credential listed in `x-unsupported-credentials` (for example X-API-Key).',
  'request-content-type': 'The request body’s Content-Type is missing or not declared for the operation.',
  'request-body-missing': 'The operation requires a body and the request has none.',
  'request-body-undocumented': 'The request has a body but the operation declares none.',
  'request-body-unparseable': 'The request body is not well-formed JSON, XML or JSON-in-text.',
  'request-body-schema': 'The request body fails its JSON Schema or its XSD (`x-xsd`).',
  'accepted-invalid-request': 'A request that breaks the contract was answered with a 2xx status.',
  'validation-status':
    'A request that only fails validation was refused with 400 or 422 but not the service’s `x-validation-status`.',
  'undeclared-status':
    'The response status is not declared for the operation (exact code, range or default).',
  'response-content-type': 'The response Content-Type is missing or not declared for that status.',
  'response-header-missing': 'A required response header is absent.',
  'response-header-invalid': 'A response header value fails its schema.',
  'response-body-missing': 'The response declares a body for that status and the recorded body is empty.',
  'response-body-undocumented': 'The response has a body but its status declares no content.',
  'response-body-unparseable': 'The response body is not well-formed JSON or XML.',
  'response-body-schema': 'The response body fails its JSON Schema or its XSD (`x-xsd`).',
  'refused-request':
    'A request that `x-refusals` says the service refuses (numbers rule 4: messaging switched through the tns operations) answered with another status than the refusal’s (401, 403 and 5xx not judged), or refused with a body that says otherwise (`ErrorCode` not 400).',
  'response-filter':
    'An item of a list answer that the request’s query excludes under `x-filters` (a run created before `start_date`, an agent of a `status` not asked for).',
} as const;

export type RuleCode = keyof typeof ruleCatalogue;
