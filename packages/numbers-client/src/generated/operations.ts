// generated from specs/numbers, do not edit: change the spec and run `pnpm generate`.

import type { ServiceContract } from '@svc-contracts/client-runtime';

export const contract = {
  "operations": {
    "createOrder": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/orders",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "createSubscription": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/subscriptions",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "createReportInstance": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/reports/{reportId}/instances",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "listE911Addresses": {
      "method": "GET",
      "path": "/api/v2/accounts/{accountId}/e911Addresses",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "listMessagingImportTnOrders": {
      "method": "GET",
      "path": "/api/v2/accounts/{accountId}/importTnOrders/messaging",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "createMessagingImportTnOrder": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/importTnOrders/messaging",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "createMessagingRemoveImportedTnOrder": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/removeImportedTnOrders/messaging",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "listInserviceNumbers": {
      "method": "GET",
      "path": "/api/v2/accounts/{accountId}/inserviceNumbers",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": [
        {
          "in": "query",
          "name": "areaCode",
          "requires": [
            "countryCodeA3"
          ]
        }
      ]
    },
    "createSipPeerTelephoneNumber": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "getSipPeerTelephoneNumber": {
      "method": "GET",
      "path": "/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns/{tn}",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    }
  },
  "securitySchemes": {
    "basicAuth": {
      "type": "http",
      "scheme": "basic"
    }
  },
  "securityExclusive": false
} as const satisfies ServiceContract;

export type OperationId = keyof typeof contract.operations;

/** The `pattern` of each component schema that has one (ECMA-262 syntax, as JSON Schema reads it). */
export const schemaPatterns = {
  "E164": "^\\+[1-9][0-9]{1,14}$",
  "LegacyTelephoneNumber": "^[0-9]{10}$"
} as const satisfies Record<string, string>;
