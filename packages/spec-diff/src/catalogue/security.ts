import type { CheckSpec } from './types.js';

const clientsRefuse =
  'oasdiff reports security changes as informational; our clients refuse, before sending, any call whose credentials do not satisfy the operation’s security, so a narrower requirement breaks them.';

/** Security requirements (operation or root `security`) and `components.securitySchemes`. */
export const securityChecks = {
  'security-requirement-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'security, paths.*.<method>.security',
    doc: 'An alternative of the operation’s security (or anonymous access) is gone: clients holding only its credentials are refused.',
    oasdiff: 'api-security-removed',
    policy: clientsRefuse,
  },
  'security-requirement-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'security, paths.*.<method>.security',
    doc: 'A new alternative: one more way to authenticate.',
    oasdiff: 'api-security-added',
  },
  'security-scope-added': {
    level: 'breaking',
    direction: 'request',
    reads: 'security[*].<scheme>[*]',
    doc: 'An alternative needs one more scope: tokens without it are refused.',
    oasdiff: 'api-security-scope-added',
    policy: clientsRefuse,
  },
  'security-scope-removed': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'security[*].<scheme>[*]',
    doc: 'An alternative needs one scope fewer.',
    oasdiff: 'api-security-scope-removed',
  },
  'security-scheme-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'components.securitySchemes.*',
    doc: 'A security scheme is gone: clients configured with it cannot authenticate.',
    oasdiff: 'api-security-component-removed',
    policy: clientsRefuse,
  },
  'security-scheme-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'components.securitySchemes.*',
    doc: 'A new security scheme.',
    oasdiff: 'api-security-component-added',
  },
  'security-scheme-changed': {
    level: 'breaking',
    direction: 'request',
    reads:
      'components.securitySchemes.*.{type, in, name, scheme, flows.*.{authorizationUrl, tokenUrl}, openIdConnectUrl}',
    doc: 'Where or how a credential travels changed: clients send it the old way.',
    oasdiff: 'api-security-component-type-changed',
    policy: clientsRefuse,
  },
  'security-scheme-scope-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'components.securitySchemes.*.flows.*.scopes',
    doc: 'An OAuth scope is no longer offered: clients asking for it fail to get a token.',
    oasdiff: 'api-security-component-oauth-scope-removed',
    policy: clientsRefuse,
  },
  'security-scheme-scope-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'components.securitySchemes.*.flows.*.scopes',
    doc: 'A new OAuth scope is offered.',
    oasdiff: 'api-security-component-oauth-scope-added',
  },
} as const satisfies Record<string, CheckSpec>;
