import { describe, expect, it } from 'vitest';
import { toCamelCase } from '../src/rules/operation-ids.js';
import { lintVariant } from './helpers.js';

const LIST = ['paths', '/api/v1/accounts/{accountId}/numbers', 'get'];
const WEBHOOK = ['webhooks', 'orderNotification', 'post'];

describe('svc-operation-id', () => {
  it('accepts camelCase operationIds on operations and webhooks', async () => {
    expect(await lintVariant('svc-operation-id', () => {})).toEqual([]);
  });

  it('reports a missing operationId', async () => {
    const found = await lintVariant('svc-operation-id', (spec) => {
      delete spec.paths['/api/v1/accounts/{accountId}/numbers'].get.operationId;
    });
    expect(found).toEqual([
      {
        code: 'svc-operation-id',
        path: LIST,
        message:
          'The operation has no operationId: add a camelCase `operationId` (for example `pauseCampaign`); it names the SDK method and the mock route.',
      },
    ]);
  });

  it('reports an operationId that is not camelCase, with a suggestion', async () => {
    const found = await lintVariant('svc-operation-id', (spec) => {
      spec.webhooks.orderNotification.post.operationId = 'order_notification';
    });
    expect(found).toEqual([
      {
        code: 'svc-operation-id',
        path: [...WEBHOOK, 'operationId'],
        message:
          'operationId `order_notification` is not camelCase (^[a-z][a-zA-Z0-9]*$): rename it, for example to `orderNotification`.',
      },
    ]);
  });

  it('suggests camelCase spellings', () => {
    expect(toCamelCase('Pause_campaign')).toBe('pauseCampaign');
    expect(toCamelCase('get-agent-by-id')).toBe('getAgentById');
    expect(toCamelCase('ListAgents')).toBe('listAgents');
    expect(toCamelCase('2fa verify')).toBe('op2faVerify');
  });
});

describe('svc-operation-id-unique', () => {
  it('accepts distinct operationIds', async () => {
    expect(await lintVariant('svc-operation-id-unique', () => {})).toEqual([]);
  });

  it('reports the second use of an operationId, naming the first', async () => {
    const found = await lintVariant('svc-operation-id-unique', (spec) => {
      spec.webhooks.orderNotification.post.operationId = 'listNumbers';
    });
    expect(found).toEqual([
      {
        code: 'svc-operation-id-unique',
        path: [...WEBHOOK, 'operationId'],
        message:
          'operationId `listNumbers` is already used by GET /api/v1/accounts/{accountId}/numbers: operationIds must be unique in the service (each one becomes an SDK method name); rename one of them.',
      },
    ]);
  });
});

describe('svc-operation-summary', () => {
  it('accepts operations with a summary', async () => {
    expect(await lintVariant('svc-operation-summary', () => {})).toEqual([]);
  });

  it('reports an operation without summary, and one with an empty summary', async () => {
    const found = await lintVariant('svc-operation-summary', (spec) => {
      delete spec.paths['/api/v1/accounts/{accountId}/numbers'].get.summary;
      spec.webhooks.orderNotification.post.summary = ' ';
    });
    expect(found).toEqual([
      {
        code: 'svc-operation-summary',
        path: LIST,
        message:
          'The operation has no summary: add a one-line `summary` (it titles the operation in the docs and the SDK method comment).',
      },
      {
        code: 'svc-operation-summary',
        path: [...WEBHOOK, 'summary'],
        message:
          'The operation has no summary: add a one-line `summary` (it titles the operation in the docs and the SDK method comment).',
      },
    ]);
  });
});

describe('svc-operation-tags', () => {
  it('accepts operations with a tag', async () => {
    expect(await lintVariant('svc-operation-tags', () => {})).toEqual([]);
  });

  it('reports missing and empty tags', async () => {
    const found = await lintVariant('svc-operation-tags', (spec) => {
      delete spec.paths['/api/v1/accounts/{accountId}/numbers'].get.tags;
      spec.webhooks.orderNotification.post.tags = [];
    });
    const message =
      'The operation has no tag: add `tags` with at least one tag declared at the root (tags group operations in the docs and SDK).';
    expect(found).toEqual([
      { code: 'svc-operation-tags', path: LIST, message },
      { code: 'svc-operation-tags', path: [...WEBHOOK, 'tags'], message },
    ]);
  });
});

describe('svc-operation-security', () => {
  it('accepts explicit security, including `security: []`, and webhooks without security', async () => {
    const found = await lintVariant('svc-operation-security', (spec) => {
      spec.paths['/api/v1/accounts/{accountId}/numbers'].post.security = [];
    });
    expect(found).toEqual([]);
  });

  it('reports an operation that relies on the root security', async () => {
    const found = await lintVariant('svc-operation-security', (spec) => {
      delete spec.paths['/api/v1/accounts/{accountId}/numbers'].get.security;
    });
    expect(found).toEqual([
      {
        code: 'svc-operation-security',
        path: LIST,
        message:
          'The operation has no `security` of its own: list the security requirements it accepts (for example `- bearerAuth: []`), or `security: []` if it needs no credential. The root default is not enough, because credentials differ per operation.',
      },
    ]);
  });
});

describe('svc-operation-source', () => {
  it('accepts operations and webhooks with x-source', async () => {
    expect(await lintVariant('svc-operation-source', () => {})).toEqual([]);
  });

  it('reports an operation or webhook without x-source', async () => {
    const found = await lintVariant('svc-operation-source', (spec) => {
      delete spec.paths['/api/v1/accounts/{accountId}/numbers'].get['x-source'];
      delete spec.webhooks.orderNotification.post['x-source'];
    });
    const message =
      'The operation has no `x-source`: name the section of the source document it comes from (for example `x-source: E1`), so reviewers can check it against the source.';
    expect(found).toEqual([
      { code: 'svc-operation-source', path: LIST, message },
      { code: 'svc-operation-source', path: WEBHOOK, message },
    ]);
  });
});
