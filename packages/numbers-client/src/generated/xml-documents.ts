// generated from specs/numbers, do not edit: change the spec and run `pnpm generate`.

import type { XmlDocumentDescriptor } from '../xml/descriptor.js';

/** A telephone number in E.164 form: a plus sign, the country code and the subscriber number, at most 15 digits and no leading zero after the plus (for example +14155550100). D7 rule 1: telephone numbers in requests carry the + prefix and country code, and responses return them the same way. @pattern \+[1-9][0-9]{1,14} */
export type E164TelephoneNumber = string;

/** The 10-digit LEGACY form of a telephone number (for example 4155550100), without + and country code. It appears only in callbacks of a subscription and in reports of a report instance that set NumberFormat to LEGACY (D7 rules 5 and 6); never in a request. @pattern [0-9]{10} */
export type LegacyTelephoneNumber = string;

/** Who signed the letter of authorization of a hosted messaging import: CARRIER or SUBSCRIBER, the two values the source lists. */
export type LoaType = "CARRIER" | "SUBSCRIBER";

/** The format of telephone numbers in callbacks (Subscription) or reports (report Instance). LEGACY selects 10-digit numbers; without NumberFormat numbers are E.164 (the preferred form). LEGACY is the only value the source names; it does not say that no other value exists, nor what another value does. The source leaves the other values open, so this type is an open string, not an enumeration. */
export type NumberFormat = string;

/** A timestamp (for example 2024-03-04T15:21:02.000Z or 2024-03-04 15:21:02). The source says only "timestamp" and shows no format (not xs:dateTime, no time zone rule), so this is an open string: a format would be invented. */
export type Timestamp = string;

/** Callback credentials: a basic-authentication pair and a public key. How the service presents them to the callback URL is not shown by the source. */
export interface CallbackCredentials {
  /** A user name and password for the callbacks. */
  BasicAuthentication?: {
    /** User name (string). */
    Username?: string;
    /** Password (string). */
    Password?: string;
  };
  /** A public key (string). Its encoding and use are not shown by the source. */
  PublicKey?: string;
}

/** The callback part of a subscription. */
export interface CallbackSubscription {
  /** The URL that the Order notification is POSTed to (Content-Type application/xml; charset=utf-8). The source does not restrict the scheme. (xs:anyURI) */
  URL?: string;
  /** Expiry of the subscription, an integer. The source leaves its unit and range open. */
  Expiry?: number;
  /** Optional. LEGACY: callbacks and email notifications carry 10-digit numbers (rule 5). Absent: numbers are E.164, the preferred form. Other values: the source leaves them open. */
  NumberFormat?: NumberFormat;
  /** The credentials that go with the callbacks. */
  CallbackCredentials?: CallbackCredentials;
}

/** A list of telephone numbers in E.164 form, each in its own TelephoneNumber element. Used under the list elements of the request documents (TelephoneNumberList, TelephoneNumbers) and of the order response. */
export interface E164TelephoneNumberList {
  /** A telephone number in E.164 form (repeated; the source leaves the minimum open). (repeated: at least 0) */
  TelephoneNumber: E164TelephoneNumber[];
}

/** An order type that names existing telephone numbers in a TelephoneNumberList. */
export interface ExistingTelephoneNumberOrderType {
  /** The ordered numbers: TelephoneNumber elements, E.164 (repeated; the source leaves the minimum open). */
  TelephoneNumberList?: E164TelephoneNumberList;
}

/** The hosted messaging import document (root element). Root element ExternalTnsOrder of xsd/ExternalTnsOrder.xsd. */
export interface ExternalTnsOrder {
  /** The client's own reference for the order (string; format left open). */
  CustomerOrderId?: string;
  /** The site (sub-account) of the imported numbers (string). */
  SiteId?: string;
  /** The SIP peer (location) of the imported numbers (string). */
  SipPeerId?: string;
  /** Who signed the letter of authorization: CARRIER or SUBSCRIBER. */
  LoaType?: LoaType;
  /** The numbers to import: TelephoneNumber elements, E.164 (repeated; the source leaves the minimum open). */
  TelephoneNumbers?: E164TelephoneNumberList;
}

/** The report instance document (root element). Root element Instance of xsd/Instance.xsd. */
export interface Instance {
  /** The output format of the report (for example CSV, the format rule 6 mentions). The source does not list the values: a string, left open. */
  OutputFormat?: string;
  /** Optional. LEGACY: the report lists 10-digit numbers (rule 6). Absent: E.164, the preferred form. Other values: the source leaves them open. */
  NumberFormat?: NumberFormat;
  /** The report parameters. */
  Parameters?: {
    /** One parameter: its Name and Value children (repeated; the source leaves the minimum open). The source writes "Parameter (Name, Value repeated)" without showing which of them repeats, so both Name and Value may occur any number of times, in any order (a repeated xs:choice: xs:all cannot repeat a child). (repeated: at least 0) */
    Parameter: {
      /** The parameter name. The names a report accepts are not shown. (repeated: at least 0) */
      Name: string[];
      /** A parameter value (string). (repeated: at least 0) */
      Value: string[];
    }[];
  };
  /** The date the report instance expires (xs:date, for example 2024-12-31). (xs:date) */
  ExpiresAt?: string;
}

/** The order notification document (root element). Root element Notification of xsd/Notification.legacy.xsd. */
export interface NotificationLegacy {
  /** The subscription that produced the callback (string; format left open). */
  SubscriptionId?: string;
  /** The kind of order (string; the source does not list the values). */
  OrderType?: string;
  /** The client's own reference for the order (string). */
  CustomerOrderId?: string;
  /** The status of the order, a value such as COMPLETE (the only notification status the source shows). The full list of states is not shown: the source leaves it open, so this is a string, not an enumeration. */
  Status?: string;
  /** The numbers the order completed for. The source does not mark TelephoneNumber as repeated here; a list element of that (plural) name is read as holding any number of them, so it is not closed to one. */
  CompletedTelephoneNumbers?: {
    /** A completed telephone number in the 10-digit LEGACY form (subscription NumberFormat LEGACY). (repeated: at least 0) */
    TelephoneNumber: LegacyTelephoneNumber[];
  };
  /** When the order last changed (timestamp; the source shows no format, so an open string). */
  LastModifiedDate?: Timestamp;
  /** The actual firm order commitment date (timestamp; the source shows no format, so an open string). */
  ActualFocDate?: Timestamp;
}

/** The order notification document (root element). Root element Notification of xsd/Notification.xsd. */
export interface Notification {
  /** The subscription that produced the callback (string; format left open). */
  SubscriptionId?: string;
  /** The kind of order (string; the source does not list the values). */
  OrderType?: string;
  /** The client's own reference for the order (string). */
  CustomerOrderId?: string;
  /** The status of the order, a value such as COMPLETE (the only notification status the source shows). The full list of states is not shown: the source leaves it open, so this is a string, not an enumeration. */
  Status?: string;
  /** The numbers the order completed for. The source does not mark TelephoneNumber as repeated here; a list element of that (plural) name is read as holding any number of them, so it is not closed to one. */
  CompletedTelephoneNumbers?: {
    /** A completed telephone number in E.164 form (the default). (repeated: at least 0) */
    TelephoneNumber: E164TelephoneNumber[];
  };
  /** When the order last changed (timestamp; the source shows no format, so an open string). */
  LastModifiedDate?: Timestamp;
  /** The actual firm order commitment date (timestamp; the source shows no format, so an open string). */
  ActualFocDate?: Timestamp;
}

/** The order document (root element). Root element Order of xsd/Order.xsd. */
export interface Order {
  /** The site (sub-account) the numbers are ordered for. The source does not type it: a string. */
  SiteId?: string;
  /** Boolean (true, false, 1 or 0). Its effect (whether the order may complete for part of the numbers) is not described by the source. */
  PartialAllowed?: boolean;
  /** The existing telephone numbers to order. */
  ExistingTelephoneNumberOrderType?: ExistingTelephoneNumberOrderType;
}

/** The order response document (root element). Root element OrderResponse of xsd/OrderResponse.xsd. */
export interface OrderResponse {
  /** The order as the service recorded it. */
  Order?: {
    /** When the order was created. The source names the element but gives it no type (unlike the notification's timestamps), so it stays a string: the source leaves its format open. */
    OrderCreateDate?: string;
    /** Whether a back order was requested. The source does not type it, so it stays a string (examples show false). */
    BackOrderRequested?: string;
    /** The order id (lower-case element name, as the source spells it). Its format is left open by the source: a string. */
    id?: string;
    /** The ordered existing telephone numbers, as sent in the Order. */
    ExistingTelephoneNumberOrderType?: {
      /** The ordered numbers: TelephoneNumber elements, E.164. */
      TelephoneNumberList?: E164TelephoneNumberList;
    };
    /** PartialAllowed as sent in the Order: the order response row of the source gives it no type of its own; it echoes the order's, which the Order row types boolean. */
    PartialAllowed?: boolean;
    /** SiteId as sent in the Order (string). */
    SiteId?: string;
  };
  /** The status of the order, a value such as RECEIVED (the only value the source shows for an order response). The full list of order states and their transitions is not shown: the source leaves it open, so this is a string, not an enumeration. */
  OrderStatus?: string;
}

/** The hosted messaging removal document (root element). Root element RemoveImportedTnOrder of xsd/RemoveImportedTnOrder.xsd. */
export interface RemoveImportedTnOrder {
  /** The client's own reference for the order (string; format left open). */
  CustomerOrderId?: string;
  /** The numbers to remove: TelephoneNumber elements, E.164 (repeated; the source leaves the minimum open). */
  TelephoneNumbers?: E164TelephoneNumberList;
}

/** The Tn error document (root element). Root element SipPeerTelephoneNumberResponse of xsd/SipPeerTelephoneNumberResponse.xsd. */
export interface SipPeerTelephoneNumberResponse {
  /** The error status. */
  ResponseStatus: {
    /** The error code: 400 for messaging switched through the tns operations (rule 4, checked by the operation's x-refusals); other codes are not shown, and not refused. */
    ErrorCode: string;
    /** A human-readable description; for rule 4 it says to use a tn-option order. Its exact wording is not shown. */
    Description: string;
  };
}

/** The subscription document (root element). Root element Subscription of xsd/Subscription.xsd. */
export interface Subscription {
  /** The kind of order whose notifications are subscribed to (for example orders). The source does not list the values: a string, left open. */
  OrderType?: string;
  /** Where and how notifications are delivered. */
  CallbackSubscription?: CallbackSubscription;
}

/** Each document by name: its TypeScript type. */
export interface XmlDocumentTypes {
  ExternalTnsOrder: ExternalTnsOrder;
  Instance: Instance;
  NotificationLegacy: NotificationLegacy;
  Notification: Notification;
  Order: Order;
  OrderResponse: OrderResponse;
  RemoveImportedTnOrder: RemoveImportedTnOrder;
  SipPeerTelephoneNumberResponse: SipPeerTelephoneNumberResponse;
  Subscription: Subscription;
}

export type XmlDocumentName = keyof XmlDocumentTypes;

/** Each document by name: root element, XSD file (in the package `xsd/` folder) and structure. */
export const xmlDocuments: { readonly [Name in XmlDocumentName]: XmlDocumentDescriptor } = {
  ExternalTnsOrder: {"root":"ExternalTnsOrder","xsd":"xsd/ExternalTnsOrder.xsd","content":{"kind":"complex","order":"all","children":[{"name":"CustomerOrderId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"SiteId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"SipPeerId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"LoaType","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"TelephoneNumbers","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"TelephoneNumber","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}}]}},
  Instance: {"root":"Instance","xsd":"xsd/Instance.xsd","content":{"kind":"complex","order":"all","children":[{"name":"OutputFormat","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"NumberFormat","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Parameters","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"Parameter","min":0,"max":"unbounded","content":{"kind":"complex","order":"choice","children":[{"name":"Name","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}},{"name":"Value","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}}]}},{"name":"ExpiresAt","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}},
  NotificationLegacy: {"root":"Notification","xsd":"xsd/Notification.legacy.xsd","content":{"kind":"complex","order":"all","children":[{"name":"SubscriptionId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"OrderType","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"CustomerOrderId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Status","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"CompletedTelephoneNumbers","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"TelephoneNumber","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}},{"name":"LastModifiedDate","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"ActualFocDate","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}},
  Notification: {"root":"Notification","xsd":"xsd/Notification.xsd","content":{"kind":"complex","order":"all","children":[{"name":"SubscriptionId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"OrderType","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"CustomerOrderId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Status","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"CompletedTelephoneNumbers","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"TelephoneNumber","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}},{"name":"LastModifiedDate","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"ActualFocDate","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}},
  Order: {"root":"Order","xsd":"xsd/Order.xsd","content":{"kind":"complex","order":"all","children":[{"name":"SiteId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"PartialAllowed","min":0,"max":1,"content":{"kind":"simple","type":"boolean"}},{"name":"ExistingTelephoneNumberOrderType","min":0,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"TelephoneNumberList","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"TelephoneNumber","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}}]}}]}},
  OrderResponse: {"root":"OrderResponse","xsd":"xsd/OrderResponse.xsd","content":{"kind":"complex","order":"all","children":[{"name":"Order","min":0,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"OrderCreateDate","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"BackOrderRequested","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"id","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"ExistingTelephoneNumberOrderType","min":0,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"TelephoneNumberList","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"TelephoneNumber","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}}]}},{"name":"PartialAllowed","min":0,"max":1,"content":{"kind":"simple","type":"boolean"}},{"name":"SiteId","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}},{"name":"OrderStatus","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}},
  RemoveImportedTnOrder: {"root":"RemoveImportedTnOrder","xsd":"xsd/RemoveImportedTnOrder.xsd","content":{"kind":"complex","order":"all","children":[{"name":"CustomerOrderId","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"TelephoneNumbers","min":0,"max":1,"content":{"kind":"complex","order":"sequence","children":[{"name":"TelephoneNumber","min":0,"max":"unbounded","content":{"kind":"simple","type":"string"}}]}}]}},
  SipPeerTelephoneNumberResponse: {"root":"SipPeerTelephoneNumberResponse","xsd":"xsd/SipPeerTelephoneNumberResponse.xsd","content":{"kind":"complex","order":"all","children":[{"name":"ResponseStatus","min":1,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"ErrorCode","min":1,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Description","min":1,"max":1,"content":{"kind":"simple","type":"string"}}]}}]}},
  Subscription: {"root":"Subscription","xsd":"xsd/Subscription.xsd","content":{"kind":"complex","order":"all","children":[{"name":"OrderType","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"CallbackSubscription","min":0,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"URL","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Expiry","min":0,"max":1,"content":{"kind":"simple","type":"integer"}},{"name":"NumberFormat","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"CallbackCredentials","min":0,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"BasicAuthentication","min":0,"max":1,"content":{"kind":"complex","order":"all","children":[{"name":"Username","min":0,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Password","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}},{"name":"PublicKey","min":0,"max":1,"content":{"kind":"simple","type":"string"}}]}}]}}]}},
};
