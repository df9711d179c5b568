// generated from specs/messaging, do not edit: change the spec and run `pnpm generate`.

export interface paths {
    "/v2/users/{userId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The messaging account id. The upstream messaging spec renamed this parameter `accountId` in February 2021; the D2 path as the provider's documentation shows it still calls it `userId`. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a group message
         * @description Sends one text or picture message to several recipients. `from` must be one of the account's
         *     numbers and belong to the application `applicationId`; `text` holds at most 2048 characters;
         *     `media` lists attachment URLs; `tag` is any string and is included in every callback for the
         *     message. Sending to an invalid number in a group can produce extra callback events.
         *
         *     Authentication: HTTP Basic over `<API_TOKEN>:<API_SECRET>`.
         *
         *     Content type: the provider's documentation shows `application/json; charset=utf-8` and states no refusal of other
         *     forms, so `application/json` is declared and any charset parameter (or none) is accepted.
         *
         *     The provider's documentation leaves the maximum number of recipients and the constraints on media open.
         */
        post: operations["sendGroupMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    messageCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Callback for an outbound message
         * @description Sent to the application's callback URL for events of an outbound message. Every callback for an
         *     outbound message includes its `tag`. Sending to an invalid number in a group can produce extra
         *     callback events, so a receiver must tolerate more callbacks than recipients.
         *
         *     The provider's documentation leaves the payload open (its JSON shape and where the `tag` sits in it), as well as its
         *     content type (a JSON body must be JSON under `application/json`; any other media type is accepted unchecked,
         *     `*\/*`), the method it is sent with (POST is assumed; any other is accepted), whether it carries a body, the
         *     event types, how the callback is authenticated and what the receiver must answer.
         *
         *     Not checkable: "every callback includes the tag" spans two exchanges (the send with a `tag`, then
         *     each callback), and the provider's documentation does not show how a callback names its message, nor where the tag
         *     is in its payload, so a callback cannot be tied to its send and no member of the payload is checked.
         */
        post: operations["messageCallback"];
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
         * MessagingError
         * @description Error body of the messaging API. The provider's documentation leaves the error format open, so any value is valid here; the examples show plausible bodies.
         */
        MessagingError: unknown;
        /**
         * E164
         * @description A telephone number in E.164 form: a plus sign, the country code and the subscriber number, at most 15 digits in all and no leading zero after the plus (for example `+14155550100`).
         * @example +14155550100
         */
        E164: string;
        /**
         * GroupMessageRequest
         * @description Body of send group message. `from` is one of the account's numbers (E.164) and belongs to the application `applicationId`; `to` lists the recipients (E.164). The provider's documentation leaves the maximum number of recipients, the constraints on media and any other field open, so the body is not closed.
         */
        GroupMessageRequest: {
            from: components["schemas"]["E164"];
            /**
             * @description Recipients, E.164 numbers. The provider's documentation leaves the minimum and maximum number of recipients open (no `minItems`, no `maxItems`).
             * @example [
             *       "+14155550199",
             *       "+14155550142"
             *     ]
             */
            to: components["schemas"]["E164"][];
            /**
             * @description Message text, at most 2048 characters.
             * @example Your table for 4 is ready.
             */
            text: string;
            /**
             * @description Id of the messaging application that the `from` number belongs to. The provider's documentation leaves its format open.
             * @example 93de2206-9669-4e07-948d-329f4b722ee2
             */
            applicationId: string;
            /**
             * @description URLs of attachments (a picture message). The provider's documentation leaves the number, size and type of media open.
             * @example [
             *       "https://media.example.com/menu.jpg"
             *     ]
             */
            media?: string[];
            /**
             * @description Any string; it is included in every callback for the message and in the response.
             * @example table-42
             */
            tag?: string;
        };
        /**
         * UtcDateTime
         * @description A date-time in UTC, as the sources type the agents run date bounds ("ISO 8601 date-time, UTC") and the
         *     group message time ("ISO 8601 UTC timestamp"). Any ISO 8601 date-time is accepted, not only the RFC 3339 profile of it: the extended (`2025-03-01T00:00:00Z`) or
         *     basic (`20250301T000000Z`) format; a calendar, week (`2025-W09-6`) or ordinal (`2025-060`) date; the
         *     time to the hour, minute or second, with a decimal fraction (`.` or `,`) of the last; 24:00 for the
         *     end of a day and 60 for a leap second. UTC is the designator `Z` or a zero offset (`+00:00`, `+0000`,
         *     `+00`). The pattern checks each field's range, not the length of the month (`2025-02-30` passes).
         *     RFC 3339's lower-case `t` and `z` are accepted too.
         * @example 2025-03-01T00:00:00Z
         */
        UtcDateTime: string;
        /**
         * GroupMessage
         * @description The group message resource returned by send group message. `tag` and `media` are present when they were sent in the request, and `owner` is the sending number; the provider's documentation does not say that the other fields are always present, so none is required here (the provider's documentation leaves it open). Other members are not excluded. (Error bodies differ: the provider's documentation gives each error's body as a shape, "body: type, description, id" for voice and the fields per status for verification, so their members are required.)
         */
        GroupMessage: {
            /**
             * @description Message id. The provider's documentation leaves its format open.
             * @example 1589228074636lm4k2je7j7jklbn2
             */
            id?: string;
            /**
             * @description When the message was accepted: "an ISO 8601 UTC timestamp" in the provider's documentation, so any ISO 8601 form in UTC is accepted (`UtcDateTime`), not only RFC 3339's; a timestamp in another offset is refused.
             * @example 2021-02-10T20:14:34.636Z
             */
            time?: components["schemas"]["UtcDateTime"];
            /**
             * @description Recipients, E.164 numbers.
             * @example [
             *       "+14155550199",
             *       "+14155550142"
             *     ]
             */
            to?: components["schemas"]["E164"][];
            from?: components["schemas"]["E164"];
            /**
             * @description The message text as sent.
             * @example Your table for 4 is ready.
             */
            text?: string;
            /**
             * @description The messaging application of the `from` number.
             * @example 93de2206-9669-4e07-948d-329f4b722ee2
             */
            applicationId?: string;
            /**
             * @description The tag of the request; present when one was sent.
             * @example table-42
             */
            tag?: string;
            /**
             * @description The sending number. The provider's documentation says only "the sending number" and does not state its format, so no pattern is imposed (the provider's documentation leaves the format open).
             * @example +14155550100
             */
            owner?: string;
            /**
             * @description The media URLs of the request; present when media were sent.
             * @example [
             *       "https://media.example.com/menu.jpg"
             *     ]
             */
            media?: string[];
            /**
             * @description Direction of the message: "out for a message sent through this operation", and this resource is the answer to sending one, so it is `out` here. The other values of `direction` are not shown: they belong to messages this operation does not return.
             * @example out
             * @constant
             */
            direction?: "out";
        };
        /**
         * OpenResponseBody
         * @description The group message answered with a media type other than JSON. The provider's documentation lists the fields of the group message resource but does not show the response's content type, so a body of another media type is accepted and not checked (a JSON body is checked against `GroupMessage`).
         */
        OpenResponseBody: unknown;
        /**
         * MessageCallback
         * @description Payload of a callback for an outbound message: any JSON value. Every callback of a message sent with a `tag` carries that tag, but the provider's documentation leaves the payload open (its JSON shape, where the tag sits in it, the event type, message fields and errors), so no shape is imposed: an object, an array of events, or any other JSON value is accepted.
         */
        MessageCallback: unknown;
        /**
         * OpenCallbackBody
         * @description A callback body sent with a media type other than JSON. The provider's documentation does not show the content type of this callback, so any media type is accepted and such a body is not checked (a JSON body is checked under `application/json`).
         */
        OpenCallbackBody: unknown;
    };
    responses: never;
    parameters: {
        /**
         * @description The messaging account id. The upstream messaging spec renamed this parameter `accountId` in February 2021; the D2 path as the provider's documentation shows it still calls it `userId`. The provider's documentation leaves its format open.
         * @example 9900000
         */
        userId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sendGroupMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The messaging account id. The upstream messaging spec renamed this parameter `accountId` in February 2021; the D2 path as the provider's documentation shows it still calls it `userId`. The provider's documentation leaves its format open.
                 * @example 9900000
                 */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupMessageRequest"];
            };
        };
        responses: {
            /** @description Accepted: the group message resource. Delivery is reported by callbacks. The provider's documentation leaves the response content type open: a JSON body is checked, a body of another media type is accepted unchecked. What it carries of the request: `tag` and `media` are "present when sent in the request", the tag being the one sent; `owner` is "the sending number", the request's `from`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMessage"];
                    "*/*": components["schemas"]["OpenResponseBody"];
                };
            };
            /** @description The request failed validation, for example a missing field, a number that is not E.164 or a text longer than 2048 characters. Not from the provider's documentation: the provider's documentation shows neither this status nor the body, and a request failing validation may be answered with any other 4xx. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessagingError"];
                };
            };
            /** @description The API token or secret is missing or wrong. Not from the provider's documentation: the provider's documentation shows neither this status nor the body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessagingError"];
                };
            };
            /** @description Any other client error, for example a `from` number that is not one of the account's numbers. The provider's documentation shows no other status and leaves the body open. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessagingError"];
                };
            };
            /** @description Server error; retry later. The provider's documentation leaves the statuses and the body open. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessagingError"];
                };
            };
        };
    };
    messageCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MessageCallback"];
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
