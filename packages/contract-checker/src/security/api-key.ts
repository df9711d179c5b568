import { readValueSchema } from '@svc-contracts/contract-model';
import type { JsonObject, OpenApiDocument } from '@svc-contracts/openapi-utils';
import { scalarCoercion } from '../bodies/coerce.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { RequestParts } from '../parameters/request-parts.js';
import { absent, credentialLocation, credentialReader, type Presence, present } from './credentials.js';

/** An `apiKey` scheme: its value where the scheme says, checked against `x-value-schema` when it has one. */
export function apiKeyPresence(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  scheme: JsonObject,
): (parts: RequestParts) => Presence {
  const location = credentialLocation(scheme);
  if (!location) return () => absent;
  const read = credentialReader(location.in, location.name);
  const valueSchema = readValueSchema(scheme).value;
  const conforms = valueSchema === undefined ? undefined : validator.tester(valueSchema);
  const coerce = valueSchema === undefined ? undefined : scalarCoercion(doc, valueSchema);
  const empty: Presence = { state: 'malformed', reason: `${location.in} ${location.name} is empty` };
  return (parts) => {
    const values = read(parts);
    if (values === undefined) return absent;
    if (conforms !== undefined && coerce !== undefined) {
      const value = coerce(values.join(','));
      if (!conforms(value)) {
        const issues = validator.validate(valueSchema, value);
        // The value itself is a credential (or part of one): the reason names the rule, never the value.
        if (issues.length > 0) {
          return {
            state: 'malformed',
            reason: `${location.in} ${location.name} ${issues.map((issue) => issue.message).join('; ')} (x-value-schema)`,
          };
        }
      }
    }
    return values.every((value) => value.trim() === '') ? empty : present;
  };
}
