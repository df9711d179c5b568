import { ApiError, type ApiErrorInit } from './errors.js';

/** The body of a response object of openapi-typescript's output (any media type), `unknown` when none. */
type BodyOf<R> = R extends { content: infer C }
  ? C extends Record<string, unknown>
    ? C[keyof C]
    : unknown
  : unknown;

type IsSuccess<S> = `${S & (string | number)}` extends `2${string}` | `3${string}` ? true : false;

/** `4XX`, `5XX` and `default` stand for many statuses. */
type StatusOf<S> = S extends number ? S : number;

/** The error answers an operation declares, as a union of `{ status, body }`:
 * `ErrorResponses<operations['modifyCall']>` gives `{ status: 409; body: VoiceValidationError } | ...`. */
export type ErrorResponses<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: IsSuccess<Status> extends true
        ? never
        : { status: StatusOf<Status>; body: BodyOf<Responses[Status]> };
    }[keyof Responses]
  : never;

/** The body declared for one status; the union of every error body when the status is only covered by a range. */
export type BodyForStatus<Responses extends { status: number; body: unknown }, Status extends number> = [
  Extract<Responses, { status: Status }>,
] extends [never]
  ? Responses['body']
  : Extract<Responses, { status: Status }>['body'];

/** An {@link ApiError} whose body is typed by status: `if (error.hasStatus(409)) error.body` has the 409
 * body's type. */
export class TypedApiError<Responses extends { status: number; body: unknown }> extends ApiError<
  Responses['body']
> {
  override name = 'TypedApiError';

  /** The body is the parsed answer, trusted to match the contract as openapi-fetch's `error` is. */
  constructor(init: ApiErrorInit<unknown>) {
    super(init as ApiErrorInit<Responses['body']>);
  }

  hasStatus<Status extends Responses['status']>(
    status: Status,
  ): this is this & { readonly status: Status; readonly body: BodyForStatus<Responses, Status> } {
    return this.status === status;
  }
}
