import type { CheckSpec } from './types.js';

/** Parameters (path, query, header, cookie): all written by the client. Their schemas are schema checks. */
export const parameterChecks = {
  'request-parameter-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*]',
    doc: 'A parameter is gone: clients still sending it are refused, and its generated argument disappears.',
    oasdiff: 'request-parameter-removed',
    policy:
      'oasdiff warns (possibly breaking); the generated argument disappears, so code passing it stops compiling: breaking.',
  },
  'request-deprecated-parameter-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].deprecated',
    doc: 'A deprecated parameter is gone: still breaking for our generated clients.',
    oasdiff: 'request-parameter-removed-with-deprecation',
    policy:
      'oasdiff reports it as informational once deprecated; our generated clients lose the argument, so code passing it stops compiling: major.',
  },
  'request-path-parameter-renamed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.* (the names between `{}`), parameters[in=path].name',
    doc: 'A path parameter renamed in the same URL template (`{Sid}` → `{BulkHostingSid}`): the same path, whose operations are compared as before; the URL a client calls is unchanged, but the generated argument (`params.path.<name>`) is renamed.',
    policy:
      'oasdiff matches paths by their template and reports nothing for the rename (the wire is the same); our generated clients name the path argument after it, so code passing it stops compiling: major.',
  },
  'request-parameter-added-required': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].required',
    doc: 'A new required parameter: existing calls lack it.',
    oasdiff: 'new-required-request-parameter',
  },
  'request-parameter-added-optional': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'parameters[*]',
    doc: 'A new optional parameter.',
    oasdiff: 'new-optional-request-parameter',
  },
  'request-parameter-became-required': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].required',
    doc: 'An optional parameter became required: calls without it are refused.',
    oasdiff: 'request-parameter-became-required',
  },
  'request-parameter-became-optional': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'parameters[*].required',
    doc: 'A required parameter became optional.',
    oasdiff: 'request-parameter-became-optional',
  },
  'request-parameter-deprecated': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'parameters[*].deprecated',
    doc: 'A parameter became deprecated: it still works.',
    oasdiff: 'request-parameter-deprecated',
  },
  'request-parameter-default-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'parameters[*].schema.default',
    doc: 'A parameter got a default: calls that omit it now get a documented value.',
    oasdiff: 'request-parameter-default-value-added',
    policy:
      'oasdiff calls any default change breaking; a default where none was documented only says what the service did before: not breaking here.',
  },
  'request-parameter-default-changed': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].schema.default',
    doc: 'A parameter’s default changed: calls that omit it now mean something else.',
    oasdiff: 'request-parameter-default-value-changed',
  },
  'request-parameter-default-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].schema.default',
    doc: 'A parameter’s default is gone: calls that omit it no longer have a documented meaning.',
    oasdiff: 'request-parameter-default-value-removed',
  },
  'request-parameter-serialization-changed': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].{style, explode, allowReserved, content.*}',
    doc: 'A parameter is written differently on the wire (style, explode, allowReserved with their defaults, or its media type): clients send the old form.',
    policy:
      'oasdiff does not compare serialization; our generated clients serialise by it, so a change reaches the wire.',
  },
  'request-parameter-type-generalized': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].schema.type',
    doc: 'A path, query, header or cookie parameter went from integer/number to string.',
    oasdiff: 'request-parameter-type-generalized',
    policy:
      'On the wire every number is still a valid string (oasdiff: informational), but the generated argument type changes from number to string, so callers stop compiling: major.',
  },
} as const satisfies Record<string, CheckSpec>;
