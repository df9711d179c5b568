// generated from specs/token, do not edit: change the spec and run `pnpm generate`.

export interface paths {
    "/api/v1/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token for in-app calling
         * @description Requests an access token with the OAuth 2.0 client-credentials grant. `grant_type` must be
         *     `client_credentials` (the only grant supported) and `scope` must be `voice.webrtc`.
         *
         *     Authentication: HTTP Basic over `<CLIENT_ID>:<CLIENT_SECRET>`. **Server side only**: token
         *     retrieval runs only on a secure server; client-side code must not hold the client id and secret.
         *
         *     Renewal: keep using the token until 10 to 30 seconds before expiry (`expires_in` seconds after it
         *     was issued), then request a new token with this same call.
         */
        post: operations["getAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * TokenError
         * @description Error body of the token endpoint. The provider's documentation leaves the error format open, so any value is valid here. The examples show plausible OAuth 2.0 error bodies (RFC 6749, section 5.2: `error`, `error_description`).
         */
        TokenError: unknown;
        /**
         * AccessTokenRequest
         * @description Form body of the token request (`application/x-www-form-urlencoded`). Both fields are required. The provider's documentation leaves other form fields open, so the body is not closed.
         */
        AccessTokenRequest: {
            /**
             * @description OAuth 2.0 grant type. Only `client_credentials` is supported.
             * @example client_credentials
             * @enum {string}
             */
            grant_type: "client_credentials";
            /**
             * @description Requested scope. Must be `voice.webrtc`.
             * @example voice.webrtc
             * @enum {string}
             */
            scope: "voice.webrtc";
        };
        /**
         * AccessTokenResponse
         * @description The access token response. The provider's documentation lists the four fields but does not say that each is always present, so none is required here (the provider's documentation leaves it open). Other members are not excluded. (Error bodies differ: the provider's documentation gives the voice and verification error bodies as shapes, "body: type, description, id" and the fields per status, so their members are required.)
         *     `access_token_id` "equals the jti claim inside the token"; the two can be compared when the token's claims can be read (a signed token; an encrypted one hides them).
         */
        AccessTokenResponse: {
            /**
             * @description A JSON Web Token, sent by the in-app calling SDK as `Authorization: Bearer <access_token>` to the gateway. A JWT is always written in one of the two compact serializations (RFC 7519): three (signed) or five (encrypted) base64url parts joined by dots. The provider's documentation leaves open which one, and the claims beyond `jti`.
             * @example eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJqdGkiOiI4ZjE0ZTQ1Zi1lYTZhLTRmMmEtYjk3Yi1lZTk2YjFlZDY4NmQiLCJzY29wZSI6InZvaWNlLndlYnJ0YyJ9.c2lnbmF0dXJl
             */
            access_token?: string;
            /**
             * @description Id of the token: equals the `jti` claim inside the token, which prevents re-use. The provider's documentation leaves its format open.
             * @example 8f14e45f-ea6a-4f2a-b97b-ee96b1ed686d
             */
            access_token_id?: string;
            /**
             * @description Always `Bearer`, as the provider's documentation shows; also the prefix of the Authorization header (`Authorization: Bearer <access_token>`).
             * @example Bearer
             * @enum {string}
             */
            token_type?: "Bearer";
            /**
             * @description Seconds until the token expires. Keep using the token until 10 to 30 seconds before expiry, then request a new one. The provider's documentation leaves the value (and any bound) open.
             * @example 3600
             */
            expires_in?: number;
        };
        /**
         * OpenResponseBody
         * @description The access token answered with a media type other than JSON. The provider's documentation lists the fields of the access token response but does not show its content type, so a body of another media type is accepted and not checked (a JSON body is checked against `AccessTokenResponse`).
         */
        OpenResponseBody: unknown;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AccessTokenRequest"];
            };
        };
        responses: {
            /** @description The request failed validation, for example a grant type other than `client_credentials`, a scope other than `voice.webrtc` or a missing field. Not from the provider's documentation: declared as OAuth 2.0 (RFC 6749, section 5.2) has it; the provider's documentation shows neither this status nor the body, and a request failing validation may be answered with any other 4xx. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /** @description The client id and secret are missing or wrong. Not from the provider's documentation: declared as OAuth 2.0 (RFC 6749, section 5.2) has it; the provider's documentation shows neither this status nor the body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /** @description The access token. The provider's documentation shows the fields but neither the status nor the content type, so any 2xx is accepted (200 is the status of an OAuth 2.0 access token response, RFC 6749, section 5.1), and a body of another media type than JSON is accepted unchecked. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessTokenResponse"];
                    "*/*": components["schemas"]["OpenResponseBody"];
                };
            };
            /** @description Any other client error (for example a rate limit). The provider's documentation shows no other status and leaves the body open. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
            /** @description Server error; retry later. The provider's documentation leaves the statuses and the body open. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenError"];
                };
            };
        };
    };
}
