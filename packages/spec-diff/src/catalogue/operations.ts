import type { CheckSpec } from './types.js';

/** Paths and operations: what a client can call. */
export const operationChecks = {
  'path-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*',
    doc: 'A path and all its operations are gone: every call to it fails.',
    oasdiff: 'api-path-removed-without-deprecation',
  },
  'operation-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>',
    doc: 'An operation is gone: its generated method disappears and calls to it fail.',
    oasdiff: 'api-removed-without-deprecation',
  },
  'deprecated-operation-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>.deprecated',
    doc: 'A deprecated operation is gone: still breaking for our generated clients.',
    oasdiff: 'api-removed-with-deprecation',
    policy:
      'oasdiff reports it as informational once deprecated; our generated clients lose the method, so code calling it stops compiling: major.',
  },
  'operation-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'paths.*.<method>',
    doc: 'A new operation: a new generated method.',
    oasdiff: 'endpoint-added',
  },
  'operation-id-changed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>.operationId',
    doc: 'A renamed or removed operationId: the generated method name changes.',
    oasdiff: 'api-operation-id-removed',
    policy:
      'oasdiff reports it as informational (the wire is the same); our clients name their methods after it, so callers stop compiling: major.',
  },
  'operation-deprecated': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'paths.*.<method>.deprecated',
    doc: 'An operation became deprecated: it still works.',
    oasdiff: 'endpoint-deprecated',
  },
  'operation-reactivated': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'paths.*.<method>.deprecated',
    doc: 'An operation is no longer deprecated.',
    oasdiff: 'endpoint-reactivated',
  },
  'server-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'servers[*].url, paths.*.servers, paths.*.<method>.servers',
    doc: 'A server URL is gone (at the root, a path or an operation): clients configured for it, or generated with it as their base URL, call a place that no longer serves the API.',
  },
  'server-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'servers[*].url, paths.*.servers, paths.*.<method>.servers',
    doc: 'A new server URL the API is also served at.',
  },
  'server-variable-value-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'servers[*].variables.*.enum',
    doc: 'A server variable no longer takes a value (a region, an environment): clients configured with it reach no server.',
  },
  'server-variable-value-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'servers[*].variables.*.enum',
    doc: 'A server variable takes a new value.',
  },
  'server-variable-default-changed': {
    level: 'possibly-breaking',
    direction: 'request',
    reads: 'servers[*].variables.*.default',
    doc: 'A server variable’s default changed: clients that never set it now call another base URL.',
  },
  'documentation-changed': {
    level: 'not-breaking',
    bump: 'patch',
    direction: 'both',
    reads: 'description, summary, title, example, examples (anywhere)',
    doc: 'Documentation only: nothing a client sends or reads changes.',
  },
} as const satisfies Record<string, CheckSpec>;
