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
