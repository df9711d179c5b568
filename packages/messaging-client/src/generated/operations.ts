// generated from specs/messaging, do not edit: change the spec and run `pnpm generate`.

import type { ServiceContract } from '@svc-contracts/client-runtime';

export const contract = {
  "operations": {
    "sendGroupMessage": {
      "method": "POST",
      "path": "/v2/users/{userId}/messages",
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
  "UtcDateTime": "^(?:\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])|W(?:0[1-9]|[1-4]\\d|5[0-3])-[1-7]|(?:00[1-9]|0[1-9]\\d|[12]\\d\\d|3[0-5]\\d|36[0-6]))[Tt](?:(?:[01]\\d|2[0-3])(?::[0-5]\\d(?::(?:[0-5]\\d|60))?)?(?:[.,]\\d+)?|24(?::00(?::00)?)?(?:[.,]0+)?)(?:[Zz]|[+-]00(?::00)?)|\\d{4}(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])|W(?:0[1-9]|[1-4]\\d|5[0-3])[1-7]|(?:00[1-9]|0[1-9]\\d|[12]\\d\\d|3[0-5]\\d|36[0-6]))[Tt](?:(?:[01]\\d|2[0-3])(?:[0-5]\\d(?:[0-5]\\d|60)?)?(?:[.,]\\d+)?|24(?:00(?:00)?)?(?:[.,]0+)?)(?:[Zz]|[+-]00(?:00)?))$"
} as const satisfies Record<string, string>;
