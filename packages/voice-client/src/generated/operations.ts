// generated from specs/voice, do not edit: change the spec and run `pnpm generate`.

import type { ServiceContract } from '@svc-contracts/client-runtime';

export const contract = {
  "operations": {
    "createCall": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/calls/",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "modifyCall": {
      "method": "POST",
      "path": "/api/v2/accounts/{accountId}/calls/{callId}",
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
  "E164": "^\\+[1-9][0-9]{1,14}$"
} as const satisfies Record<string, string>;
