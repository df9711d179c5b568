import type { CheckSpec } from './types.js';

/** Responses, statuses, media types and headers: all read by the client. */
export const responseChecks = {
  'response-success-status-removed': {
    level: 'breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.<1xx-3xx, default>',
    doc: 'A success status is gone: clients expecting it meet another.',
    oasdiff: 'response-success-status-removed',
  },
  'response-non-success-status-removed': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.<4xx, 5xx>',
    doc: 'An error status is no longer documented: the client’s handling of it is simply not exercised.',
    oasdiff: 'response-non-success-status-removed',
  },
  'response-status-added': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*',
    doc: 'A new documented status.',
    oasdiff: 'response-success-status-added',
  },
  'response-media-type-removed': {
    level: 'breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.content.*',
    doc: 'A response media type is gone: clients asking for it (Accept) get another or 406.',
    oasdiff: 'response-media-type-removed',
  },
  'response-media-type-added': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.content.*',
    doc: 'A new response media type (served only when asked for).',
    oasdiff: 'response-media-type-added',
  },
  'response-header-removed': {
    level: 'breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.headers.*',
    doc: 'A response header is gone: clients reading it find nothing.',
    oasdiff: 'required-response-header-removed',
    policy:
      'oasdiff calls removing an optional header informational; clients read optional headers too: major.',
  },
  'response-header-added': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.headers.*',
    doc: 'A new response header.',
  },
  'response-header-became-optional': {
    level: 'breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.headers.*.required',
    doc: 'A required response header became optional: clients relying on it may find it absent.',
    oasdiff: 'response-header-became-optional',
  },
  'response-header-became-required': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.headers.*.required',
    doc: 'An optional response header became required: always sent now.',
  },
  'response-link-removed': {
    level: 'possibly-breaking',
    bump: 'minor',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.links.*',
    doc: 'A response link is gone: a client (or tool) that followed it from this response to another operation finds no link.',
    policy:
      'Links describe how values lead to another call; the wire is unchanged and our generated clients do not read them: possibly breaking, a minor bump.',
  },
  'response-link-changed': {
    level: 'possibly-breaking',
    bump: 'minor',
    direction: 'response',
    reads:
      'paths.*.<method>.responses.*.links.*.{operationId, operationRef, parameters, requestBody, server}',
    doc: 'A response link leads elsewhere or passes other values: a client following it calls something else.',
    policy: 'As response-link-removed: the wire is unchanged and our generated clients do not read links.',
  },
  'response-link-added': {
    level: 'not-breaking',
    direction: 'response',
    reads: 'paths.*.<method>.responses.*.links.*',
    doc: 'A new response link.',
  },
} as const satisfies Record<string, CheckSpec>;
