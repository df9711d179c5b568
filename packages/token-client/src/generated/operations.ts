// generated from specs/token, do not edit: change the spec and run `pnpm generate`.

import type { ServiceContract } from '@svc-contracts/client-runtime';

export const contract = {
  "operations": {
    "getAccessToken": {
      "method": "POST",
      "path": "/api/v1/oauth2/token",
      "security": [
        [
          "basicAuth"
        ]
      ],
      "serverSideOnly": true,
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
export const schemaPatterns = {} as const satisfies Record<string, string>;
