// generated from specs/numbers, do not edit: change the spec and run `pnpm generate`.

export interface paths {
    "/api/v2/accounts/{accountId}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order existing telephone numbers
         * @description Sends an `Order` document and returns the `OrderResponse` document. Telephone numbers are E.164 (rule 1). The provider's documentation says the operation returns the order response but shows no status code, so any 2xx (`2XX`) is accepted; the body is the order response document, checked against its XSD. Order notifications are POSTed to the URLs subscribed with `createSubscription` (webhook `orderNotification`); the provider's documentation does not say which order events trigger one.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe a URL to order notifications
         * @description Sends a `Subscription` document. The order notification (webhook `orderNotification`) is then POSTed to its `URL`. Without `NumberFormat` callbacks carry E.164 numbers (preferred); with `NumberFormat` `LEGACY` callbacks and email notifications carry 10-digit numbers (rule 5). The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/reports/{reportId}/instances": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description The report to create an instance of. The provider's documentation does not type it; it is a string.
                 * @example 210
                 */
                reportId: components["parameters"]["reportId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an instance of a report
         * @description Sends a report `Instance` document. CSV reports list E.164 numbers (preferred); with `NumberFormat` `LEGACY` they list 10-digit numbers (rule 6). How the report itself is fetched is not shown by the provider's documentation. The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        post: operations["createReportInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/e911Addresses": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        /**
         * List the e911 addresses of the account
         * @description Replaces v1 `GET /accounts/{accountId}/addresses`, which v2 does not have. The path is spelled `e911Addresses` as in the provider's operation table; its versioning section spells it `/e911addresses`. Both spellings reach this operation. The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        get: operations["listE911Addresses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/importTnOrders/messaging": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        /**
         * List hosted messaging import orders
         * @description Replaces v1 `GET /accounts/{accountId}/importTnOrders`, which v2 does not have. Query parameters are not shown by the provider's documentation. The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        get: operations["listMessagingImportTnOrders"];
        put?: never;
        /**
         * Import numbers for hosted messaging
         * @description Sends an `ExternalTnsOrder` document. Replaces v1 `/accounts/{accountId}/externalTns` for new inventory; v2 does not have `/externalTns`. Telephone numbers are E.164 (rule 1). The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        post: operations["createMessagingImportTnOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/removeImportedTnOrders/messaging": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove imported numbers from hosted messaging
         * @description Sends a `RemoveImportedTnOrder` document. Telephone numbers are E.164 (rule 1). The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        post: operations["createMessagingRemoveImportedTnOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/inserviceNumbers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        /**
         * List the in-service numbers of the account
         * @description Filters by `countryCodeA3` and `areaCode`. Every request that passes `areaCode` must also pass `countryCodeA3` (rule 2; in v1 `areaCode` was accepted alone). Area codes are strings holding country and area code together, so leading zeros survive (rule 3). Numbers are returned in E.164 (rule 1). The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        get: operations["listInserviceNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description The site (sub-account). The provider's documentation does not type it; it is a string.
                 * @example 12345
                 */
                siteId: components["parameters"]["siteId"];
                /**
                 * @description The SIP peer (location) of the site. The provider's documentation does not type it; it is a string.
                 * @example 67890
                 */
                sippeerId: components["parameters"]["sippeerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a number of a SIP peer (messaging switch refused)
         * @description Not in the provider's operation table: rule 4 is all the provider's documentation says about it ("the create or update operations of /sippeers/{sippeerId}/tns"). The create operation is read as POST on the collection; the provider's documentation shows neither its method nor the method and path of the update operation, so no update operation is described (a PUT on `/tns/{tn}` would be an invention). Turning messaging service on or off through this operation is refused with 400 and the Tn error body (`ErrorCode` 400), whose description says to use a tn-option (service activation) order: the refusal says which request that is (its document holds `SmsSettings`, the element the published vendor client `@bandwidth/numbers` writes for a number's messaging settings: our reading, the provider's documentation names no element) and that it is answered 400 with `ErrorCode` 400. Other refusals of this operation are not shown: any other 400 is open (another `ErrorCode`, another document, no body), but a 400 whose document is a `SipPeerTelephoneNumberResponse` must be a well-formed Tn error; any other 4xx is accepted with an open body (`4XX`, `Refused`). The request document, the success status and the success body are not shown: the provider's documentation leaves them open (no XSD). The path of the tn-option operation is not shown either, so it is not described here.
         */
        post: operations["createSipPeerTelephoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns/{tn}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description The site (sub-account). The provider's documentation does not type it; it is a string.
                 * @example 12345
                 */
                siteId: components["parameters"]["siteId"];
                /**
                 * @description The SIP peer (location) of the site. The provider's documentation does not type it; it is a string.
                 * @example 67890
                 */
                sippeerId: components["parameters"]["sippeerId"];
                /**
                 * @description The telephone number, E.164 with the `+` prefix and country code (rule 1: telephone numbers in requests are E.164). `+` is a legal character in a path segment; a client that percent-encodes it sends `%2B`.
                 * @example +14155550100
                 */
                tn: components["parameters"]["tn"];
            };
            cookie?: never;
        };
        /**
         * Get a number of a SIP peer
         * @description Returns the number `tn` (E.164) of the SIP peer. The provider's documentation leaves the success status and body open: any 2xx (`2XX`) with an open body is declared.
         */
        get: operations["getSipPeerTelephoneNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    orderNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order notification (callback to the subscribed URL)
         * @description The service POSTs a `Notification` document to the `URL` of each matching subscription (see
         *     `createSubscription`), with `Content-Type: application/xml; charset=utf-8`.
         *
         *     Telephone numbers (rule 5): handlers expect E.164 numbers, the preferred and default form; the
         *     callback is then validated against `xsd/Notification.xsd`. When the subscription set
         *     `NumberFormat` `LEGACY`, callbacks (and email notifications) carry 10-digit numbers instead and are
         *     validated against `xsd/Notification.legacy.xsd`, which has the same elements
         *     with the 10-digit number type. Each schema refuses the other form. For example, under a `LEGACY`
         *     subscription:
         *
         *     ```xml
         *     <?xml version="1.0" encoding="UTF-8"?>
         *     <Notification>
         *       <SubscriptionId>1f7e5b8a-3c2d-4e6f-9a0b-7c8d9e0f1a2b</SubscriptionId>
         *       <OrderType>orders</OrderType>
         *       <CustomerOrderId>order-2024-0001</CustomerOrderId>
         *       <Status>COMPLETE</Status>
         *       <CompletedTelephoneNumbers>
         *         <TelephoneNumber>4155550100</TelephoneNumber>
         *       </CompletedTelephoneNumbers>
         *       <LastModifiedDate>2024-03-04T15:21:02.000Z</LastModifiedDate>
         *       <ActualFocDate>2024-03-04T00:00:00.000Z</ActualFocDate>
         *     </Notification>
         *     ```
         *
         *     Authentication: the subscription carries `CallbackCredentials` (`BasicAuthentication` with
         *     `Username` and `Password`, and a `PublicKey`); the provider's documentation does not show how the service presents
         *     them to the callback URL, so no credential is required and none is refused (`security: [{}]`). The
         *     status the handler answers, and any retry, are not shown either: the provider's documentation leaves them open.
         */
        post: operations["orderNotification"];
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
         * SipPeerTelephoneNumberResponse
         * @description The Tn error document: the 400 body of the create and update operations of `/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns` when they try to turn messaging on or off (rule 4): `ErrorCode` is then `400` and `Description` says to use a tn-option (service activation) order. XSD: `xsd/SipPeerTelephoneNumberResponse.xsd`. Rule 4 states both the code and the description, so both are required; the children may come in any order.
         */
        SipPeerTelephoneNumberResponse: {
            /** @description The error status. */
            ResponseStatus: {
                /** @description The error code: `400` for messaging switched through the tns operations (rule 4, checked by the operation's documented refusal); other codes are not shown by the provider's documentation, and not refused. */
                ErrorCode: string;
                /** @description A human-readable description; for rule 4 it says to use a tn-option order. The exact wording is not shown by the provider's documentation. */
                Description: string;
            };
        };
        /**
         * E164
         * @description A telephone number in E.164 form: a plus sign, the country code and the subscriber number, at most 15 digits in all and no leading zero after the plus (for example `+14155550100`).
         * @example +14155550100
         */
        E164: string;
        /**
         * E164TelephoneNumberList
         * @description A list element holding `TelephoneNumber` elements (the provider's documentation leaves the minimum open; an empty list conforms), each an E.164 number (rule 1). The list element takes the name of the property that uses this schema (`TelephoneNumberList`, `TelephoneNumbers`). XSD: the `E164TelephoneNumberList` type of `xsd/common.xsd`.
         */
        E164TelephoneNumberList: components["schemas"]["E164"][];
        /**
         * ExistingTelephoneNumberOrderType
         * @description An order type that names existing telephone numbers in a `TelephoneNumberList`.
         */
        ExistingTelephoneNumberOrderType: {
            /** @description The ordered numbers, `TelephoneNumber` elements in E.164 form. */
            TelephoneNumberList?: components["schemas"]["E164TelephoneNumberList"];
        };
        /**
         * Order
         * @description The order document (request of `createOrder`): an order for existing telephone numbers. XSD: `xsd/Order.xsd`, the source of truth for this document. The provider's documentation lists its children but states neither which are required nor their order: no child is required and the children may come in any order (`xs:all` in the XSD); repeated children stay inside their wrapper element. Telephone numbers are E.164 only (rule 1).
         */
        Order: {
            /** @description The site (sub-account) the numbers are ordered for. The provider's documentation does not type it. */
            SiteId?: string;
            /** @description Boolean (in XML `true`, `false`, `1` or `0`; `yes` is refused). The provider's documentation does not describe its effect. */
            PartialAllowed?: boolean;
            ExistingTelephoneNumberOrderType?: components["schemas"]["ExistingTelephoneNumberOrderType"];
        };
        /**
         * OpenXmlDocument
         * @description An XML document whose shape the provider's documentation does not show. The provider's documentation leaves this body open: no XSD describes it and clients receive it as text. Its examples are plausible shapes only. Telephone numbers in it are E.164 (rule 1).
         */
        OpenXmlDocument: string;
        /**
         * OrderResponse
         * @description The order response document (response of `createOrder`). XSD: `xsd/OrderResponse.xsd`. The provider's documentation lists its children without saying which are optional; response and callback documents of this service are lenient: no child is required (so a real response that omits one still conforms) and the children may come in any order (`xs:all`). Telephone numbers are E.164 (rule 1: responses return them the same way as requests).
         */
        OrderResponse: {
            /** @description The order as the service recorded it. */
            Order?: {
                /** @description When the order was created. The provider's documentation names the element but gives it no type (unlike the notification's timestamps), so it stays a string: the provider's documentation leaves its format open. */
                OrderCreateDate?: string;
                /** @description Whether a back order was requested. The provider's documentation does not type it, so it stays a string (the example shows `false`). */
                BackOrderRequested?: string;
                /** @description The order id (lower-case element name, as the provider's documentation spells it; format left open). */
                id?: string;
                /** @description The ordered existing telephone numbers, as sent in the order. */
                ExistingTelephoneNumberOrderType?: {
                    TelephoneNumberList?: components["schemas"]["E164TelephoneNumberList"];
                };
                /** @description `PartialAllowed` as sent in the order. The order response row of the provider's documentation gives it no type of its own; it echoes the order's, which the Order row types boolean. */
                PartialAllowed?: boolean;
                /** @description `SiteId` as sent in the order. */
                SiteId?: string;
            };
            /** @description The status of the order, a value such as `RECEIVED` (the only value the provider's documentation shows). The full list of order states and their transitions is not shown: the provider's documentation leaves it open, so this is not an enum. */
            OrderStatus?: string;
        };
        /**
         * NumberFormat
         * @description The format of telephone numbers in callbacks (subscription, rule 5) or in reports (report instance, rule 6). `LEGACY` selects 10-digit numbers; without `NumberFormat` numbers carry the `+` prefix and country code, the preferred form (rule 1). `LEGACY` is the only value the provider's documentation names; it does not say that no other value exists nor what another value does. The provider's documentation leaves the other values open, so this is an open string, not an enum. XSD: `NumberFormat` in `xsd/common.xsd`.
         * @example LEGACY
         */
        NumberFormat: string;
        /**
         * Subscription
         * @description The subscription document (request of `createSubscription`): subscribes a URL to order notifications. XSD: `xsd/Subscription.xsd`. The provider's documentation lists its children but states neither which are required nor their order: no child is required and the children may come in any order (`xs:all` in the XSD); repeated children stay inside their wrapper element.
         */
        Subscription: {
            /** @description The kind of order whose notifications are subscribed to (for example `orders`). The provider's documentation leaves the values open. */
            OrderType?: string;
            /** @description Where and how notifications are delivered. */
            CallbackSubscription?: {
                /**
                 * Format: uri
                 * @description The URL the order notification (webhook `orderNotification`) is POSTed to. The provider's documentation does not restrict the scheme.
                 */
                URL?: string;
                /** @description Expiry of the subscription, an integer. The provider's documentation leaves its unit and range open. */
                Expiry?: number;
                /** @description Optional. `LEGACY`: callbacks and email notifications carry 10-digit numbers (rule 5) and the notification is validated against `xsd/Notification.legacy.xsd`. Absent: numbers with the `+` prefix and country code (preferred) and `xsd/Notification.xsd`. Other values: the provider's documentation leaves them open. */
                NumberFormat?: components["schemas"]["NumberFormat"];
                /** @description The credentials that go with the callbacks: a basic-authentication pair and a public key. How the service presents them to the callback URL is not shown by the provider's documentation. */
                CallbackCredentials?: {
                    /** @description A user name and password for the callbacks. */
                    BasicAuthentication?: {
                        /** @description User name. */
                        Username?: string;
                        /** @description Password. */
                        Password?: string;
                    };
                    /** @description A public key. Its encoding and use are not shown by the provider's documentation. */
                    PublicKey?: string;
                };
            };
        };
        /**
         * ReportInstance
         * @description The report instance document (request of `createReportInstance`), XML element `Instance`. XSD: `xsd/Instance.xsd`. The provider's documentation lists its children but states neither which are required nor their order: no child is required and the children may come in any order (`xs:all` in the XSD); repeated children stay inside their wrapper element.
         */
        ReportInstance: {
            /** @description The output format of the report (for example `CSV`, the format rule 6 mentions). The provider's documentation leaves the values open. */
            OutputFormat?: string;
            /** @description Optional. `LEGACY`: the report lists 10-digit numbers (rule 6). Absent: numbers with the `+` prefix and country code, the preferred form. Other values: the provider's documentation leaves them open. */
            NumberFormat?: components["schemas"]["NumberFormat"];
            /** @description The report parameters, `Parameter` elements (the provider's documentation leaves the minimum open) (each a `Name` and a `Value`). */
            Parameters?: {
                /** @description The parameter name (`Name` elements, any number). The names a report accepts are not shown by the provider's documentation. */
                Name?: string[];
                /** @description The parameter values (`Value` elements, any number). */
                Value?: string[];
            }[];
            /** @description The date the report instance expires (a date, for example `2024-12-31`). The lexical form of xs:date, as the XSD checks it, which allows a time zone (`2024-12-31Z`); `format: date` would refuse it. */
            ExpiresAt?: string;
        };
        /**
         * LoaType
         * @description Who signed the letter of authorization of a hosted messaging import: `CARRIER` or `SUBSCRIBER`, the two values the provider's documentation lists. XSD: `LoaType` in `xsd/common.xsd`.
         * @example CARRIER
         * @enum {string}
         */
        LoaType: "CARRIER" | "SUBSCRIBER";
        /**
         * ExternalTnsOrder
         * @description The hosted messaging import document (request of `createMessagingImportTnOrder`; it replaces the v1 `/externalTns` for new inventory). XSD: `xsd/ExternalTnsOrder.xsd`. The provider's documentation lists its children but states neither which are required nor their order: no child is required and the children may come in any order (`xs:all` in the XSD); repeated children stay inside their wrapper element. Telephone numbers are E.164 only (rule 1).
         */
        ExternalTnsOrder: {
            /** @description The client's own reference for the order (format left open by the provider's documentation). */
            CustomerOrderId?: string;
            /** @description The site (sub-account) of the imported numbers. */
            SiteId?: string;
            /** @description The SIP peer (location) of the imported numbers. */
            SipPeerId?: string;
            LoaType?: components["schemas"]["LoaType"];
            /** @description The numbers to import, `TelephoneNumber` elements in E.164 form (repeated; the provider's documentation leaves the minimum open, so the list may be empty). */
            TelephoneNumbers?: components["schemas"]["E164TelephoneNumberList"];
        };
        /**
         * RemoveImportedTnOrder
         * @description The hosted messaging removal document (request of `createMessagingRemoveImportedTnOrder`). XSD: `xsd/RemoveImportedTnOrder.xsd`. The provider's documentation lists its children but states neither which are required nor their order: no child is required and the children may come in any order (`xs:all` in the XSD); repeated children stay inside their wrapper element. Telephone numbers are E.164 only (rule 1).
         */
        RemoveImportedTnOrder: {
            /** @description The client's own reference for the order (format left open by the provider's documentation). */
            CustomerOrderId?: string;
            /** @description The numbers to remove, `TelephoneNumber` elements in E.164 form (repeated; the provider's documentation leaves the minimum open, so the list may be empty). */
            TelephoneNumbers?: components["schemas"]["E164TelephoneNumberList"];
        };
        /**
         * LegacyTelephoneNumber
         * @description The 10-digit LEGACY form of a telephone number (for example `4155550100`), without `+` and country code. It appears only in callbacks of a subscription, and in reports of a report instance, that set `NumberFormat` to `LEGACY` (rules 5 and 6); never in a request. XSD: `LegacyTelephoneNumber` in `xsd/common.xsd`.
         * @example 4155550100
         */
        LegacyTelephoneNumber: string;
        /**
         * Notification
         * @description The order notification document (webhook `orderNotification`). Two XSDs describe it with the same elements: `xsd/Notification.xsd` (the default: the subscription has no `NumberFormat`, numbers are E.164) and `xsd/Notification.legacy.xsd` (the subscription set `NumberFormat` `LEGACY`, numbers are 10 digits). This schema admits both number forms; which one a given callback carries depends on its subscription, and the XSD of the media type tells them apart. The provider's documentation lists the children without saying which are optional; callback documents of this service are lenient: no child is required, and the children may come in any order (`xs:all`).
         */
        Notification: {
            /** @description The subscription that produced the callback (format left open by the provider's documentation). */
            SubscriptionId?: string;
            /** @description The kind of order. The provider's documentation leaves the values open. */
            OrderType?: string;
            /** @description The client's own reference for the order. */
            CustomerOrderId?: string;
            /** @description The status of the order, a value such as `COMPLETE` (the only notification status the provider's documentation shows). The full list of states is not shown: the provider's documentation leaves it open, so this is not an enum. */
            Status?: string;
            /** @description The numbers the order completed for, `TelephoneNumber` elements. The provider's documentation does not mark `TelephoneNumber` as repeated here; a list element of that (plural) name is read as holding any number of them. */
            CompletedTelephoneNumbers?: (components["schemas"]["E164"] | components["schemas"]["LegacyTelephoneNumber"])[];
            /** @description When the order last changed (timestamp). The provider's documentation says only "timestamp" and shows no format, so this is an open string (no `format`, no pattern), as in the XSD: `2024-03-04T15:21:02.000Z` and `2024-03-04 15:21:02` both pass. */
            LastModifiedDate?: string;
            /** @description The actual firm order commitment date (timestamp). The provider's documentation says only "timestamp" and shows no format, so this is an open string (no `format`, no pattern), as in the XSD. */
            ActualFocDate?: string;
        };
    };
    responses: {
        /** @description The HTTP Basic credentials (`<USERNAME>:<PASSWORD>`) are missing or invalid. The provider's documentation does not list this response; it is declared because every operation requires HTTP Basic authentication and HTTP answers a request without valid credentials with 401. The provider's documentation shows neither whether it has a body nor its media type, so any body, or none, is accepted; an XML body is only checked for well-formedness. The example is a plausible body. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/xml": components["schemas"]["OpenXmlDocument"];
            };
        };
        /** @description The request was refused, for example a request document that breaks its XSD, or `areaCode` without `countryCodeA3` (rule 2). The provider's documentation shows neither the status nor the body of such a refusal (it shows the Tn error document only for the tns operations, rule 4): any 4xx may answer (this service has no validation status) and the body is left open: no body, or a body of another media type, is accepted; an XML body is only checked for well-formedness. */
        Refused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/xml": components["schemas"]["OpenXmlDocument"];
            };
        };
        /** @description Not from the provider's documentation: a server failure (any 5xx). The provider's documentation shows no 5xx of number management and leaves server errors open, so any 5xx is accepted, with a body the provider's documentation leaves open; an XML body is only checked for well-formedness. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/xml": components["schemas"]["OpenXmlDocument"];
            };
        };
        /** @description Refused (rule 4): turning messaging service on or off through the create or update operations of `/sippeers/{sippeerId}/tns` is refused with 400 and the Tn error body, `ErrorCode` 400, whose description says to use a tn-option (service activation) order instead (the operation's documented refusal says which request that is). The path of the tn-option operation is not shown by the provider's documentation. Any other 400 of the operation is open (the provider's documentation shows none): no body, or a body of another media type or another document, is accepted, but a `SipPeerTelephoneNumberResponse` document must be a valid Tn error. */
        TnError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/xml": components["schemas"]["SipPeerTelephoneNumberResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description The account. The provider's documentation does not type it; it is a string.
         * @example 9900000
         */
        accountId: string;
        /**
         * @description The report to create an instance of. The provider's documentation does not type it; it is a string.
         * @example 210
         */
        reportId: string;
        /**
         * @description Country filter. Required whenever `areaCode` is sent (rule 2). The name suggests a three-letter country code (for example `USA`); the provider's documentation leaves its format open, so no pattern is imposed.
         * @example USA
         */
        countryCodeA3: string;
        /**
         * @description Area-code filter. It requires `countryCodeA3`: every request that passes `areaCode` must also pass `countryCodeA3` (rule 2). A string that holds country and area code together, so that leading zeros of international area codes survive (rule 3); never send it as a number. The provider's documentation does not say that it holds digits only, so no pattern is imposed. The status and body of the refusal of an `areaCode` without `countryCodeA3` are not shown: the provider's documentation leaves them open.
         * @example 1919
         */
        areaCode: string;
        /**
         * @description The site (sub-account). The provider's documentation does not type it; it is a string.
         * @example 12345
         */
        siteId: string;
        /**
         * @description The SIP peer (location) of the site. The provider's documentation does not type it; it is a string.
         * @example 67890
         */
        sippeerId: string;
        /**
         * @description The telephone number, E.164 with the `+` prefix and country code (rule 1: telephone numbers in requests are E.164). `+` is a legal character in a path segment; a client that percent-encodes it sends `%2B`.
         * @example +14155550100
         */
        tn: components["schemas"]["E164"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["Order"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The order response. The provider's documentation shows no status code: any 2xx. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OrderResponse"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["Subscription"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The subscription was created. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    createReportInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description The report to create an instance of. The provider's documentation does not type it; it is a string.
                 * @example 210
                 */
                reportId: components["parameters"]["reportId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["ReportInstance"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The report instance was created. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listE911Addresses: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The e911 addresses. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listMessagingImportTnOrders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The import orders. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    createMessagingImportTnOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["ExternalTnsOrder"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The import order was received. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    createMessagingRemoveImportedTnOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": components["schemas"]["RemoveImportedTnOrder"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The removal order was received. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listInserviceNumbers: {
        parameters: {
            query?: {
                /**
                 * @description Country filter. Required whenever `areaCode` is sent (rule 2). The name suggests a three-letter country code (for example `USA`); the provider's documentation leaves its format open, so no pattern is imposed.
                 * @example USA
                 */
                countryCodeA3?: components["parameters"]["countryCodeA3"];
                /**
                 * @description Area-code filter. It requires `countryCodeA3`: every request that passes `areaCode` must also pass `countryCodeA3` (rule 2). A string that holds country and area code together, so that leading zeros of international area codes survive (rule 3); never send it as a number. The provider's documentation does not say that it holds digits only, so no pattern is imposed. The status and body of the refusal of an `areaCode` without `countryCodeA3` are not shown: the provider's documentation leaves them open.
                 * @example 1919
                 */
                areaCode?: components["parameters"]["areaCode"];
            };
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The in-service numbers. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    createSipPeerTelephoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description The site (sub-account). The provider's documentation does not type it; it is a string.
                 * @example 12345
                 */
                siteId: components["parameters"]["siteId"];
                /**
                 * @description The SIP peer (location) of the site. The provider's documentation does not type it; it is a string.
                 * @example 67890
                 */
                sippeerId: components["parameters"]["sippeerId"];
            };
            cookie?: never;
        };
        /** @description An XML document the provider's documentation does not show (left open). */
        requestBody: {
            content: {
                "application/xml": components["schemas"]["OpenXmlDocument"];
            };
        };
        responses: {
            400: components["responses"]["TnError"];
            401: components["responses"]["Unauthorized"];
            /** @description Success. The provider's documentation leaves the status and the body open: any 2xx, with any body or none; expect any 2xx. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getSipPeerTelephoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account. The provider's documentation does not type it; it is a string.
                 * @example 9900000
                 */
                accountId: components["parameters"]["accountId"];
                /**
                 * @description The site (sub-account). The provider's documentation does not type it; it is a string.
                 * @example 12345
                 */
                siteId: components["parameters"]["siteId"];
                /**
                 * @description The SIP peer (location) of the site. The provider's documentation does not type it; it is a string.
                 * @example 67890
                 */
                sippeerId: components["parameters"]["sippeerId"];
                /**
                 * @description The telephone number, E.164 with the `+` prefix and country code (rule 1: telephone numbers in requests are E.164). `+` is a legal character in a path segment; a client that percent-encodes it sends `%2B`.
                 * @example +14155550100
                 */
                tn: components["parameters"]["tn"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The number. The provider's documentation leaves the status and the body open. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": components["schemas"]["OpenXmlDocument"];
                };
            };
            "4XX": components["responses"]["Refused"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    orderNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml; charset=utf-8": components["schemas"]["Notification"];
            };
        };
        responses: {
            /** @description The handler received the notification. The provider's documentation leaves the status, whether there is a body and its media type open: any 2xx, with any body or none. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
