import {
  isCredentialHeader,
  isCredentialQueryName,
  isSensitiveName,
  maskFieldText,
} from '@svc-contracts/redact';
import type { Violation } from '../core/types.js';

/** The field a violation's place names: a header, query or cookie name, or a body pointer's last step. */
function fieldOf(pointer: string): { name: string; kind: 'header' | 'query' | 'other' } {
  const header = /^header:(.+)$/.exec(pointer);
  if (header) return { name: header[1] as string, kind: 'header' };
  const query = /^query:([^/]+)/.exec(pointer);
  if (query) return { name: query[1] as string, kind: 'query' };
  const steps = pointer.replace(/^(?:cookie|path):/, '').split('/');
  return { name: steps.findLast((step) => step !== '' && !/^\d+$/.test(step)) ?? '', kind: 'other' };
}

/**
 * A violation's message as every reporter shows it: where its place is a credential or a field named like a
 * secret (an `Authorization` header, an `api_key` query parameter, a `password` property), the values it
 * quotes are masked with @svc-contracts/redact's masking (the name itself stays).
 */
export function maskedMessage(violation: Pick<Violation, 'message' | 'pointer'>): string {
  if (!violation.pointer) return violation.message;
  const { name, kind } = fieldOf(violation.pointer);
  const sensitive =
    name !== '' &&
    (kind === 'header'
      ? isCredentialHeader(name) || isSensitiveName(name)
      : kind === 'query'
        ? isCredentialQueryName(name)
        : isSensitiveName(name));
  if (!sensitive) return violation.message;
  // The checks quote recorded values in single quotes; backticks and double quotes are the contract's own text.
  return violation.message.replace(/'([^']*)'/g, (quoted, value: string) =>
    value === '' || value.toLowerCase() === name.toLowerCase() ? quoted : `'${maskFieldText(name, value)}'`,
  );
}
