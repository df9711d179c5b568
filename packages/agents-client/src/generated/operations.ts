// generated from specs/agents, do not edit: change the spec and run `pnpm generate`.

import type { ServiceContract } from '@svc-contracts/client-runtime';

export const contract = {
  "operations": {
    "pauseCampaign": {
      "method": "POST",
      "path": "/api/v1/campaign/{campaign_id}/pause",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "resumeCampaign": {
      "method": "POST",
      "path": "/api/v1/campaign/{campaign_id}/resume",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "getCampaignProgress": {
      "method": "GET",
      "path": "/api/v1/campaign/{campaign_id}/progress",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "listAgents": {
      "method": "GET",
      "path": "/api/v1/workflow/fetch",
      "security": [
        [
          "bearerAuth"
        ],
        [
          "agentsApiKey",
          "organizationId"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "getAgent": {
      "method": "GET",
      "path": "/api/v1/workflow/fetch/{workflow_id}",
      "security": [
        [
          "bearerAuth"
        ],
        [
          "agentsApiKey",
          "organizationId"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    },
    "listRuns": {
      "method": "GET",
      "path": "/api/v1/organizations/usage/runs",
      "security": [
        [
          "bearerAuth"
        ],
        [
          "agentsApiKey",
          "organizationId"
        ]
      ],
      "serverSideOnly": false,
      "requires": []
    }
  },
  "securitySchemes": {
    "bearerAuth": {
      "type": "http",
      "scheme": "bearer"
    },
    "agentsApiKey": {
      "type": "apiKey",
      "in": "header",
      "name": "X-SVC-AGENTS-API-KEY"
    },
    "organizationId": {
      "type": "apiKey",
      "in": "header",
      "name": "X-SVC-ORGANIZATION-ID",
      "valuePattern": "^[1-9][0-9]*$"
    }
  },
  "securityExclusive": true
} as const satisfies ServiceContract;

export type OperationId = keyof typeof contract.operations;

/** The `pattern` of each component schema that has one (ECMA-262 syntax, as JSON Schema reads it). */
export const schemaPatterns = {
  "UtcDateTime": "^(?:\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])|W(?:0[1-9]|[1-4]\\d|5[0-3])-[1-7]|(?:00[1-9]|0[1-9]\\d|[12]\\d\\d|3[0-5]\\d|36[0-6]))[Tt](?:(?:[01]\\d|2[0-3])(?::[0-5]\\d(?::(?:[0-5]\\d|60))?)?(?:[.,]\\d+)?|24(?::00(?::00)?)?(?:[.,]0+)?)(?:[Zz]|[+-]00(?::00)?)|\\d{4}(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])|W(?:0[1-9]|[1-4]\\d|5[0-3])[1-7]|(?:00[1-9]|0[1-9]\\d|[12]\\d\\d|3[0-5]\\d|36[0-6]))[Tt](?:(?:[01]\\d|2[0-3])(?:[0-5]\\d(?:[0-5]\\d|60)?)?(?:[.,]\\d+)?|24(?:00(?:00)?)?(?:[.,]0+)?)(?:[Zz]|[+-]00(?:00)?))$"
} as const satisfies Record<string, string>;
