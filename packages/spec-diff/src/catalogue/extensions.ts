import { EXTENSION } from '@svc-contracts/contract-model';
import type { CheckSpec } from './types.js';

/** The `x-` extensions the runtime enforces (read by the contract checker, the mocks and the clients). */
export const extensionChecks = {
  'request-parameter-requires-added': {
    level: 'breaking',
    direction: 'request',
    reads: 'parameters[*].x-requires',
    doc: 'A parameter now requires another (`x-requires`): calls passing it alone are refused before sending.',
  },
  'request-parameter-requires-removed': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'parameters[*].x-requires',
    doc: 'A parameter no longer requires another (`x-requires`).',
  },
  'security-exclusive-added': {
    level: 'breaking',
    direction: 'request',
    reads: EXTENSION.securityExclusive,
    doc: 'Credentials of one requirement only (`x-security-exclusive: true`): calls sending two are refused.',
  },
  'security-exclusive-removed': {
    level: 'not-breaking',
    direction: 'request',
    reads: EXTENSION.securityExclusive,
    doc: 'Credentials of several requirements may be sent together again.',
  },
} as const satisfies Record<string, CheckSpec>;
