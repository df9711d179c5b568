// generated from specs/mfa, do not edit: change the spec and run `pnpm generate`.

export interface paths {
    "/api/v1/accounts/{accountId}/code/messaging": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account id. A user without access to the account gets 401. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a verification code by message
         * @description Sends a one-time code by message to `to`. `message` is the text of the message and must contain
         *     the placeholder `{CODE}`, which is replaced by the code; `digits` is the number of digits of the
         *     code. A missing `to` gives 400.
         *
         *     Authentication: HTTP Basic. 4xx and 5xx responses are not billed.
         *
         *     Content type: the provider's documentation does not show it for send code. A JSON body (`application/json`) is checked
         *     against the send code request; so is JSON text sent as `text/plain;charset=UTF-8`, the form the
         *     provider's verification examples use (so `{CODE}`, the E.164 `from` and the required `to` are checked
         *     there too); a body of any other media type (`*\/*`) is accepted unchecked.
         *
         *     The provider's documentation leaves the success status and body open (`2XX`), and whether fields other than `to`
         *     are required.
         */
        post: operations["sendMessagingCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/{accountId}/code/verify": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account id. A user without access to the account gets 401. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a code
         * @description Checks a code that a user entered for `to`. The provider's examples send the body as JSON text with
         *     `Content-Type: text/plain;charset=UTF-8` (checked: the text must be the JSON document). The provider's documentation
         *     states no other content type and no refusal of one: a JSON body (`application/json`) is checked
         *     against the same schema, and a body of any other media type (`*\/*`) is accepted unchecked. Too many
         *     invalid codes give 429: the number is blocked for a wait period that the message states.
         *
         *     Authentication: HTTP Basic. 4xx and 5xx responses are not billed.
         *
         *     The provider's documentation leaves the success status and body open (`2XX`), and whether fields other than `to`
         *     are required.
         */
        post: operations["verifyCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    verificationCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Callback of a verification
         * @description Sent by the verification service to the application about a verification. The provider's documentation names
         *     verification callbacks among its events ("Payload of ... verification callbacks: not shown") and
         *     shows nothing else of them: the payload, its content type, the method (POST is assumed, as for the
         *     other callbacks; any other is accepted), how the callback is authenticated and what the receiver must answer are all left
         *     open. Declared so that a recorded callback matches a documented event rather than none: any body
         *     of any media type is accepted (`*\/*`), and any 2xx answer.
         */
        post: operations["verificationCallback"];
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
         * VerificationError
         * @description Error body of status 400, 429 and 500. The provider's documentation gives the body of these statuses as exactly this shape ("Body: error, requestId"), so both fields are required (unlike the resource tables of the token and group message responses, which list fields without giving a body shape). Not billed.
         */
        VerificationError: {
            /**
             * @description Human-readable message. For 429 it states how long to wait.
             * @example Missing required field: to
             */
            error: string;
            /**
             * @description A reference for support. The provider's documentation leaves its format open.
             * @example 3b6a1f0e-5c2d-4c1a-9f4e-2a7d9e1b8c55
             */
            requestId: string;
        };
        /**
         * VerificationUnauthorizedError
         * @description Error body of status 401 (the user has no access to the account). Not billed.
         */
        VerificationUnauthorizedError: {
            /**
             * @description Human-readable message.
             * @example Unauthorized
             */
            message: string;
        };
        /**
         * VerificationForbiddenError
         * @description Error body of status 403 (the user has no access to verification). The member is `Message`, capitalized, as the provider's documentation shows. Not billed.
         */
        VerificationForbiddenError: {
            /**
             * @description Human-readable message.
             * @example User is not authorized to access this resource
             */
            Message: string;
        };
        /**
         * E164
         * @description A telephone number in E.164 form: a plus sign, the country code and the subscriber number, at most 15 digits in all and no leading zero after the plus (for example `+14155550100`).
         * @example +14155550100
         */
        E164: string;
        /**
         * SendCodeRequest
         * @description Body of send code. `to` is required (a missing `to` gives 400). The provider's documentation does not say whether the other fields are required, so they are optional here, and leaves other fields open, so the body is not closed.
         */
        SendCodeRequest: {
            /**
             * @description The number that receives the code. Unlike `from`, the provider's documentation gives it no telephone-number format, so none is imposed: the provider's documentation leaves its format open.
             * @example +14155550199
             */
            to: string;
            from?: components["schemas"]["E164"];
            /**
             * @description Id of the messaging application used to send the code. The provider's documentation leaves its format open.
             * @example 93de2206-9669-4e07-948d-329f4b722ee2
             */
            applicationId?: string;
            /**
             * @description Free text naming what the code is for; the same scope is sent when the code is verified. The provider's documentation leaves its values open.
             * @example 2FA
             */
            scope?: string;
            /**
             * @description Number of digits of the code. The provider's documentation leaves its bounds open.
             * @example 6
             */
            digits?: number;
            /**
             * @description Text of the message. It must contain the placeholder `{CODE}`, which is replaced by the code.
             * @example Your verification code is {CODE}
             */
            message?: string;
        };
        /**
         * SendCodeRequestText
         * @description The send code body sent as `text/plain;charset=UTF-8`: a string holding the JSON text of a `SendCodeRequest` (OpenAPI 3.1 `contentMediaType` and `contentSchema`). The provider's documentation shows this media type for the verification API's requests (verify code's examples) and says the body of send code is a send code request, so a send code body sent this way is read as that JSON text and its rules apply (`to` required, `from` E.164, `message` holding `{CODE}`).
         * @example {"to":"+14155550199","from":"+14155550100","applicationId":"93de2206-9669-4e07-948d-329f4b722ee2","scope":"2FA","digits":6,"message":"Your code is {CODE}"}
         */
        SendCodeRequestText: string;
        /**
         * OpenRequestBody
         * @description A request body sent with a media type the provider's documentation does not show. The provider's documentation leaves the content type of this request open, so a body of any other media type is accepted and not checked (a JSON body is checked against the request schema under `application/json`).
         */
        OpenRequestBody: unknown;
        /**
         * SendCodeResult
         * @description Success body of send code. The provider's documentation leaves its shape open (and whether there is a body at all), so any value is valid here.
         */
        SendCodeResult: unknown;
        /**
         * OpenErrorBody
         * @description The body of a verification error whose status the provider's documentation does not show (a 5xx other than 500): any JSON value is accepted. The provider's documentation gives error bodies for 400, 401, 403, 429 and 500 only.
         */
        OpenErrorBody: unknown;
        /**
         * VerifyCodeRequest
         * @description Body of verify code. `to` is required. The provider's documentation does not say whether the other fields are required, so they are optional here, and leaves other fields open, so the body is not closed.
         */
        VerifyCodeRequest: {
            /**
             * @description The number the code was sent to. The provider's documentation gives it no telephone-number format, so none is imposed: the provider's documentation leaves its format open.
             * @example +14155550199
             */
            to: string;
            /**
             * @description Id of the messaging application the code was sent with. The provider's documentation leaves its format open.
             * @example 93de2206-9669-4e07-948d-329f4b722ee2
             */
            applicationId?: string;
            /**
             * @description The scope the code was sent for. The provider's documentation leaves its values open.
             * @example 2FA
             */
            scope?: string;
            /**
             * @description How many minutes after it was sent the code stays valid. The provider's documentation leaves its bounds open.
             * @example 3
             */
            expirationTimeInMinutes?: number;
            /**
             * @description The code the user entered. The provider's documentation leaves its format open.
             * @example 123456
             */
            code?: string;
        };
        /**
         * VerifyCodeRequestText
         * @description The verify code body sent as `text/plain;charset=UTF-8`: a string holding the JSON text of a `VerifyCodeRequest` (OpenAPI 3.1 `contentMediaType` and `contentSchema`).
         * @example {"to":"+14155550199","applicationId":"93de2206-9669-4e07-948d-329f4b722ee2","scope":"2FA","expirationTimeInMinutes":3,"code":"123456"}
         */
        VerifyCodeRequestText: string;
        /**
         * VerifyCodeResult
         * @description Success body of verify code. The provider's documentation leaves its shape open (and whether there is a body at all), so any value is valid here.
         */
        VerifyCodeResult: unknown;
        /**
         * OpenCallbackBody
         * @description The body of a verification callback. The provider's documentation does not show it (neither its shape nor its media type), so any body is accepted and not checked.
         */
        OpenCallbackBody: unknown;
    };
    responses: {
        /** @description The request is malformed or invalid, for example `to` is missing. Not billed. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VerificationError"];
            };
        };
        /** @description The user has no access to the account. Not billed. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VerificationUnauthorizedError"];
            };
        };
        /** @description The user has no access to verification. Not billed. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VerificationForbiddenError"];
            };
        };
        /** @description Internal error. Not billed. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VerificationError"];
            };
        };
        /** @description Another server failure (a 5xx other than the documented 500). "Any 4xx or 5xx response of the verification API is not billed": the provider's documentation names 5xx answers but shows only 500, so any 5xx is accepted, with a body the provider's documentation leaves open. A 500 keeps its documented body (`error`, `requestId`). Not billed. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OpenErrorBody"];
            };
        };
        /** @description Verify was called too many times with invalid codes: the number is blocked for a wait period that the message states. The provider's documentation leaves the allowed number of attempts, the wait period and any retry header open. Not billed. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["VerificationError"];
            };
        };
    };
    parameters: {
        /**
         * @description The account id. A user without access to the account gets 401. The provider's documentation leaves its format open.
         * @example 9900000
         */
        accountId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sendMessagingCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account id. A user without access to the account gets 401. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendCodeRequest"];
                "text/plain;charset=UTF-8": components["schemas"]["SendCodeRequestText"];
                "*/*": components["schemas"]["OpenRequestBody"];
            };
        };
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalServerError"];
            /** @description The code was sent. The provider's documentation leaves the exact success status, whether there is a body, its content type and its shape open; the example shows a plausible body. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendCodeResult"];
                };
            };
            "5XX": components["responses"]["ServerError"];
        };
    };
    verifyCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account id. A user without access to the account gets 401. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyCodeRequest"];
                "text/plain;charset=UTF-8": components["schemas"]["VerifyCodeRequestText"];
                "*/*": components["schemas"]["OpenRequestBody"];
            };
        };
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            /** @description The code was checked. The provider's documentation leaves the exact success status, whether there is a body, its content type and its shape (including how a wrong code is reported below the 429 limit) open; the example shows a plausible body. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyCodeResult"];
                };
            };
            "5XX": components["responses"]["ServerError"];
        };
    };
    verificationCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "*/*": components["schemas"]["OpenCallbackBody"];
            };
        };
        responses: {
            /** @description The application received the callback. The provider's documentation leaves the expected status of the receiver's answer, whether it has a body and its media type open: any 2xx, with any body or none. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
