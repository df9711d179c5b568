// generated from specs/voice, do not edit: change the spec and run `pnpm generate`.

export interface paths {
    "/api/v2/accounts/{accountId}/calls/": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The voice account id. It must be the account that the Basic credentials belong to. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an outbound call
         * @description Creates an outbound call from `from` to `to`. When the call is answered, the voice API requests
         *     `answerUrl` with `answerMethod` (POST or GET) to get the markup document that drives the call.
         *     `from`, `to`, `answerUrl` and `applicationId` are required; the application id must exist.
         *
         *     The path keeps the trailing slash exactly as the provider documents it. The provider's documentation does not forbid
         *     the path without it (`.../calls`, which published vendor clients send): it is the same operation.
         *
         *     Authentication: HTTP Basic with the voice API username and password; `accountId` must be the
         *     account of those credentials.
         *
         *     The provider documents this operation's errors only: its success status and body are not documented,
         *     so expect any 2xx, with or without a body (`2XX`).
         */
        post: operations["createCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/calls/{callId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The voice account id. It must be the account that the Basic credentials belong to. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description Id of the call to modify. The provider's documentation leaves its format open.
                 * @example c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85
                 */
                callId: components["parameters"]["callId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Modify an active call
         * @description Modifies an active call. The only modification the provider's documentation shows is ending the call by sending
         *     `state` with the value `completed`.
         *
         *     - 404 when the call is not active (`Call [<call_id>] not found`) or the path does not exist.
         *     - 409 when the call cannot be modified in its current state: it has recently ended or has not yet
         *       been answered.
         *
         *     Authentication: HTTP Basic with the voice API username and password; `accountId` must be the
         *     account of those credentials.
         *
         *     The success status and body are not shown and are left open here (`2XX`).
         */
        post: operations["modifyCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    disconnectEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disconnect event (error during an active call)
         * @description Errors during an active call are delivered as a Disconnect event: to the call's `disconnectUrl`
         *     for outbound calls, and to the call status callback URL for inbound calls. Causes:
         *
         *     - the markup document returned by a callback is invalid;
         *     - the callback URL cannot be reached;
         *     - the callback URL returns a 4XX or 5XX status;
         *     - the user rate limit is reached;
         *     - the system rate limit is reached.
         *
         *     The provider's documentation leaves the payload open (apart from the `pai` and `identity` fields every voice
         *     callback carries), as well as its content type (a JSON body is checked under `application/json`;
         *     any other media type is accepted unchecked, `*\/*`), the method it is sent with (POST is assumed; any
         *     other is accepted), whether it carries a body, how the callback is authenticated and what the
         *     receiver must answer.
         */
        post: operations["disconnectEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * VoiceValidationError
         * @description `VoiceError` as answered with status 400, 404, 405, 409 and 415: `type` is always `validation`.
         */
        VoiceValidationError: components["schemas"]["VoiceError"] & {
            /** @constant */
            type?: "validation";
        };
        /**
         * VoiceAuthenticationError
         * @description `VoiceError` as answered with status 401: `type` is always `authentication-error`.
         */
        VoiceAuthenticationError: components["schemas"]["VoiceError"] & {
            /** @constant */
            type?: "authentication-error";
        };
        /**
         * VoiceAuthorizationError
         * @description `VoiceError` as answered with status 403: `type` is always `authorization-error`.
         */
        VoiceAuthorizationError: components["schemas"]["VoiceError"] & {
            /** @constant */
            type?: "authorization-error";
        };
        /**
         * VoiceRateLimitError
         * @description `VoiceError` as answered with status 429: `type` is always `error`.
         */
        VoiceRateLimitError: components["schemas"]["VoiceError"] & {
            /** @constant */
            type?: "error";
        };
        /**
         * VoiceInternalError
         * @description `VoiceError` as answered with status 500: `type` is always `internal-error`.
         */
        VoiceInternalError: components["schemas"]["VoiceError"] & {
            /** @constant */
            type?: "internal-error";
        };
        /**
         * VoiceOverloadedError
         * @description `VoiceError` as answered with status 503: `type` is always `system-overloaded`.
         */
        VoiceOverloadedError: components["schemas"]["VoiceError"] & {
            /** @constant */
            type?: "system-overloaded";
        };
        /**
         * E164
         * @description A telephone number in E.164 form: a plus sign, the country code and the subscriber number, at most 15 digits in all and no leading zero after the plus (for example `+14155550100`).
         * @example +14155550100
         */
        E164: string;
        /**
         * CreateCallRequest
         * @description Body of create call. `from` and `to` are E.164 telephone numbers; `answerUrl` is an http or https URL; the application id must exist. The provider's documentation leaves other fields open, so the body is not closed.
         */
        CreateCallRequest: {
            from: components["schemas"]["E164"];
            to: components["schemas"]["E164"];
            /**
             * Format: uri
             * @description URL the voice API requests when the call is answered, to get the markup document for the call. Only http and https are allowed.
             * @example https://app.example.com/voice/answer
             */
            answerUrl: string;
            /**
             * @description HTTP method used to request `answerUrl`. The provider's documentation states its values ("the method used to call answerUrl accepts POST or GET"; 400 "Invalid answerUrl method (supported: POST, GET)") but names no property for it: `answerMethod` is the name this contract gives it, after `answerUrl`. The provider's documentation leaves the default when it is omitted open.
             * @example POST
             * @enum {string}
             */
            answerMethod?: "POST" | "GET";
            /**
             * @description Id of the voice application the call belongs to. It must exist (otherwise 400, application id not found). The provider's documentation leaves its format open.
             * @example 7fc9698a-b04a-468b-9e8f-91238c0d0086
             */
            applicationId: string;
            /**
             * @description Free text sent back with the call's callbacks. A tag has a maximum length (longer tags are refused with 400), but the provider's documentation does not show its value, so no `maxLength` is set here.
             * @example order-4711
             */
            tag?: string;
        };
        /**
         * VoiceError
         * @description The body of every voice API error. The provider's documentation gives the body as this shape ("Voice API (body: type, description, id)"; `id` "null or empty string in the shapes seen"), so all three members are required (unlike the resource tables of the token and group message responses, which list fields without giving a body shape). `type` depends on the status (see the per-status schemas that refine this one); the set of `type` values beyond the documented ones is left open.
         */
        VoiceError: {
            /**
             * @description Error category: `validation`, `authentication-error`, `authorization-error`, `error`, `internal-error` or `system-overloaded` in the documented errors.
             * @example validation
             */
            type: string;
            /**
             * @description Human-readable message.
             * @example Invalid to: must be an E164 telephone number
             */
            description: string;
            /**
             * @description Error id. `null` or an empty string in the shapes the provider's documentation shows; the provider's documentation leaves its non-empty format open.
             * @example null
             */
            id: string | null;
        };
        /**
         * CreateCallResult
         * @description Success body of create call. The provider's documentation leaves its shape open (and whether there is a body at all), so any value is valid here.
         */
        CreateCallResult: unknown;
        /**
         * ModifyCallRequest
         * @description Body of modify call. Sending `state` with the value `completed` ends the call. The full list of call states and transitions is not shown, but the body of this operation is: "Body: state, with the value completed" (D4), and "a call is modified by sending the state value completed". So `state` is a closed list of that one value here; the call states the provider's documentation leaves open are those a call goes through, not the values this body may carry.
         */
        ModifyCallRequest: {
            /**
             * @description The new state of the call. The provider's documentation gives this body exactly one value, `completed` (D4), so another value is refused.
             * @example completed
             * @enum {string}
             */
            state: "completed";
        };
        /**
         * ModifyCallResult
         * @description Success body of modify call. The provider's documentation leaves its shape open (and whether there is a body at all), so any value is valid here.
         */
        ModifyCallResult: unknown;
        /**
         * VoiceCallback
         * @description Members that every voice callback carries. Since February 2021 voice callbacks carry `pai` and `identity` with caller-attestation data. The provider's documentation leaves the rest of the payload open, and does not say whether the two fields are always present, so they are optional.
         */
        VoiceCallback: {
            /**
             * @description Caller-attestation data: the P-Asserted-Identity of the call. The provider's documentation leaves its format open.
             * @example <sip:+14155550100@sip.example.com>
             */
            pai?: string;
            /**
             * @description Caller-attestation data: the Identity (STIR/SHAKEN) header of the call. The provider's documentation leaves its format open.
             * @example eyJhbGciOiJFUzI1NiJ9.eyJhdHRlc3QiOiJBIn0.c2lnbmF0dXJl;info=<https://cert.example.com/cert.pem>
             */
            identity?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * DisconnectEvent
         * @description Payload of the Disconnect event sent when an error ends an active call. Like every voice callback it may carry `pai` and `identity`; the provider's documentation leaves the rest of the payload (including how the cause is reported) open.
         */
        DisconnectEvent: components["schemas"]["VoiceCallback"];
        /**
         * OpenCallbackBody
         * @description A callback body sent with a media type other than JSON. The provider's documentation does not show the content type of this callback, so any media type is accepted and such a body is not checked (a JSON body is checked under `application/json`).
         */
        OpenCallbackBody: unknown;
    };
    responses: {
        /** @description Bad request: the request failed validation (type `validation`). */
        CreateCallBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
        /** @description The credentials are missing or invalid (type `authentication-error`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceAuthenticationError"];
            };
        };
        /** @description The user has no access to the voice API (type `authorization-error`). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceAuthorizationError"];
            };
        };
        /** @description The path does not exist (type `validation`). */
        PathNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
        /** @description The path does not support the request method, for example a GET on a path that only takes POST (type `validation`). */
        MethodNotAllowed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
        /** @description The body was not sent as `application/json` (the provider's documentation sends `application/json; charset=utf-8`), type `validation`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
        /** @description The user rate limit or the concurrency limit is reached (type `error`). The provider's documentation leaves the numeric limits and any retry header open. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceRateLimitError"];
            };
        };
        /** @description Internal error (type `internal-error`). */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceInternalError"];
            };
        };
        /** @description The system is overloaded (type `system-overloaded`): retry, and contact support if it persists. */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceOverloadedError"];
            };
        };
        /** @description Another server failure (a 5xx other than the documented 500 and 503). The provider's documentation shows no other 5xx and leaves its status open, so any 5xx is accepted; whether it has a body and its media type are open, but a JSON body is the uniform voice error body (`VoiceError`: `type`, `description`, `id`; "reports failures with a uniform error body"), its `type` value open. A documented status keeps its own body: a 500 is `internal-error`, a 503 `system-overloaded`. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceError"];
            };
        };
        /** @description Bad request: the request failed validation (type `validation`). The provider's documentation does not say which message a wrong `state` value gets. */
        ModifyCallBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
        /** @description The call is not active (no longer exists), or the path does not exist (type `validation`). */
        CallNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
        /** @description The call cannot be modified in its current state: it has recently ended or has not yet been answered (type `validation`). */
        CallConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VoiceValidationError"];
            };
        };
    };
    parameters: {
        /**
         * @description The voice account id. It must be the account that the Basic credentials belong to. The provider's documentation leaves its format open.
         * @example 9900000
         */
        accountId: string;
        /**
         * @description Id of the call to modify. The provider's documentation leaves its format open.
         * @example c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85
         */
        callId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The voice account id. It must be the account that the Basic credentials belong to. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCallRequest"];
            };
        };
        responses: {
            400: components["responses"]["CreateCallBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PathNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The call was created. The provider's documentation leaves the exact success status, whether there is a body, its content type and its shape open; the example shows a plausible body. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateCallResult"];
                };
            };
            "5XX": components["responses"]["ServerError"];
        };
    };
    modifyCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The voice account id. It must be the account that the Basic credentials belong to. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description Id of the call to modify. The provider's documentation leaves its format open.
                 * @example c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85
                 */
                callId: components["parameters"]["callId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModifyCallRequest"];
            };
        };
        responses: {
            400: components["responses"]["ModifyCallBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CallNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["CallConflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The call was modified. The provider's documentation leaves the exact success status, whether there is a body, its content type and its shape open; the example shows a plausible (empty) body. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModifyCallResult"];
                };
            };
            "5XX": components["responses"]["ServerError"];
        };
    };
    disconnectEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DisconnectEvent"];
                "*/*": components["schemas"]["OpenCallbackBody"];
            };
        };
        responses: {
            /** @description The application received the event. The provider's documentation leaves the expected status of the receiver's answer, whether it has a body and its media type open: any 2xx, with any body or none. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
