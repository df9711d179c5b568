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
