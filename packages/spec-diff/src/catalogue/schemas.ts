import type { SchemaCheckSpec } from './types.js';

/** Schema checks: each is emitted as `request-<id>` where the client writes the value (parameters, request
 * bodies, webhook answers) and `response-<id>` where it reads it (responses, headers, webhook payloads).
 * Narrowing what a client reads breaks nobody; narrowing what it writes does. Widening is the mirror. */
export const schemaChecks = {
  'property-removed': {
    request: 'breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-removed', response: 'response-required-property-removed' },
    reads: 'properties.*',
    doc: 'A property is gone: its generated field disappears (request), or clients reading it find nothing (response).',
    policy:
      'oasdiff warns on the request side; the generated field disappears (code setting it stops compiling) and a closed object refuses it: breaking on both sides.',
  },
  'property-added-required': {
    request: 'breaking',
    oasdiff: { request: 'new-required-request-property' },
    reads: 'properties.*, required',
    doc: 'A new required property in a body the client writes: existing calls lack it.',
  },
  'property-added': {
    request: 'not-breaking',
    response: 'not-breaking',
    oasdiff: { request: 'new-optional-request-property', response: 'response-optional-property-added' },
    reads: 'properties.*',
    doc: 'A new optional property (request), or a new property clients may ignore (response).',
  },
  'property-became-required': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-became-required', response: 'response-property-became-required' },
    reads: 'required',
    doc: 'A property became required: calls without it are refused; responses always carry it now.',
  },
  'property-became-optional': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-became-optional', response: 'response-property-became-optional' },
    reads: 'required',
    doc: 'A property became optional: clients reading it may find it absent.',
  },
  'property-deprecated': {
    request: 'not-breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-deprecated', response: 'response-property-deprecated' },
    reads: 'properties.*.deprecated',
    doc: 'A property became deprecated: it still works.',
  },
  'property-became-read-only': {
    request: 'breaking',
    oasdiff: { request: 'request-optional-property-became-read-only' },
    reads: 'properties.*.readOnly',
    doc: 'A property the client could write became readOnly: the service no longer takes it.',
    policy:
      'oasdiff calls it informational; the value a client sends is then ignored or refused, silently changing what the call does: breaking.',
  },
  'property-read-only-removed': {
    request: 'not-breaking',
    oasdiff: { request: 'request-optional-property-became-not-read-only' },
    reads: 'properties.*.readOnly',
    doc: 'A readOnly property may now be written too.',
  },
  'property-became-write-only': {
    response: 'breaking',
    oasdiff: { response: 'response-optional-property-became-write-only' },
    reads: 'properties.*.writeOnly',
    doc: 'A property clients read became writeOnly: responses no longer carry it.',
    policy:
      'oasdiff calls it informational for an optional property; a client reading it no longer finds it: breaking.',
  },
  'property-write-only-removed': {
    response: 'not-breaking',
    oasdiff: { response: 'response-optional-property-became-not-write-only' },
    reads: 'properties.*.writeOnly',
    doc: 'A writeOnly property may now appear in responses too.',
  },
  'type-narrowed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-type-changed', response: 'response-property-type-specialized' },
    reads: 'type',
    doc: 'A type is no longer admitted (`number` → `integer`, a type of a list dropped).',
    policy:
      'oasdiff calls `object` → `string` in an XML body compatible (its loosely typed XML rule); the gate reads a body schema as JSON Schema whatever its media type, and the XSDs beside our specs judge XML.',
  },
  'type-widened': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-type-generalized', response: 'response-property-type-changed' },
    reads: 'type',
    doc: 'Another type is admitted: clients reading it meet values their types do not cover.',
    policy:
      'oasdiff calls `object` → `string` in an XML body compatible (its loosely typed XML rule); the gate reads a body schema as JSON Schema whatever its media type, and the XSDs beside our specs judge XML.',
  },
  'became-nullable': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-became-nullable', response: 'response-property-became-nullable' },
    reads: 'type (null), nullable',
    doc: 'The value may now be null (`[T, null]` in 3.1, `nullable: true` in 3.0).',
  },
  'became-not-nullable': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: {
      request: 'request-property-became-not-nullable',
      response: 'response-property-became-not-nullable',
    },
    reads: 'type (null), nullable',
    doc: 'The value may no longer be null.',
  },
  'enum-value-removed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: {
      request: 'request-property-enum-value-removed',
      response: 'response-property-enum-value-removed',
    },
    reads: 'enum',
    doc: 'An enum value is gone: clients sending it are refused; clients reading never meet it again.',
  },
  'enum-value-added': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-enum-value-added', response: 'response-property-enum-value-added' },
    reads: 'enum',
    doc: 'A new enum value: clients switching on a value they read meet an unknown one.',
    policy:
      'oasdiff warns on the response side; our generated clients type an enum as a union, so a reader meets a value outside its type: breaking.',
  },
  'enum-added': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-became-enum' },
    reads: 'enum',
    doc: 'Values restricted to an enum.',
  },
  'enum-removed': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'enum',
    doc: 'An enum restriction is gone: any value of the type may come.',
  },
  'const-added': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-const-added', response: 'response-property-const-added' },
    reads: 'const',
    doc: 'The value is fixed to a constant.',
  },
  'const-changed': {
    request: 'breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-const-changed', response: 'response-property-const-changed' },
    reads: 'const',
    doc: 'The constant changed: the old value is refused, and a new one comes.',
  },
  'const-removed': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-const-removed', response: 'response-property-const-removed' },
    reads: 'const',
    doc: 'The constant is gone: any value of the type may come.',
  },
  'bound-tightened': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-max-length-decreased' },
    reads:
      'maxLength, maximum, exclusiveMaximum, maxItems, maxProperties, maxContains, the min* mirrors, multipleOf, 3.0 exclusive flags',
    doc: 'A bound was added or tightened (max lower, min higher, a multipleOf of the old one).',
  },
  'bound-loosened': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: {
      request: 'request-property-max-length-increased',
      response: 'response-property-max-length-increased',
    },
    reads:
      'maxLength, maximum, exclusiveMaximum, maxItems, maxProperties, maxContains, the min* mirrors, multipleOf, 3.0 exclusive flags',
    doc: 'A bound was removed or loosened: clients reading the value meet larger/smaller ones.',
  },
  'multiple-of-changed': {
    request: 'breaking',
    response: 'breaking',
    reads: 'multipleOf',
    doc: 'multipleOf changed to a value neither a multiple nor a divisor of the old one.',
  },
  'pattern-added': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-pattern-added', response: 'response-property-pattern-added' },
    reads: 'pattern',
    doc: 'A pattern where there was none.',
  },
  'pattern-removed': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-pattern-removed', response: 'response-property-pattern-removed' },
    reads: 'pattern',
    doc: 'A pattern is gone: clients reading the value meet any string.',
    policy:
      'oasdiff does not judge response patterns; the gate follows the direction rule: a reader relying on the documented form (parsing an E.164 number, a UTC date-time) meets values it never had to handle.',
  },
  'pattern-widened': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: {
      request: 'request-property-pattern-generalized',
      response: 'response-property-pattern-changed',
    },
    reads: 'pattern',
    doc: 'A pattern became provably wider: matches anything (`.*`), lost its anchors, or became an alternation of the old one.',
    policy:
      'oasdiff does not judge response patterns; the gate follows the direction rule (see pattern-removed).',
  },
  'pattern-narrowed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-pattern-changed', response: 'response-property-pattern-changed' },
    reads: 'pattern',
    doc: 'A pattern became provably narrower (the mirror of pattern-widened).',
    policy:
      'oasdiff warns (possibly breaking) on any request pattern change; a provably narrower pattern refuses values that were valid: breaking.',
  },
  'pattern-changed': {
    request: 'breaking',
    response: 'possibly-breaking',
    oasdiff: { request: 'request-property-pattern-changed', response: 'response-property-pattern-changed' },
    reads: 'pattern',
    doc: 'A pattern changed and cannot be proven wider: it may refuse what it took.',
    policy:
      'oasdiff warns (possibly breaking) on the request side; a client cannot send what it does not know is accepted, so breaking there.',
  },
  'format-added': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'format',
    doc: 'A format where there was none.',
  },
  'format-removed': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'format',
    doc: 'A format is gone (`date` → a plain string): clients parsing it meet any string.',
  },
  'format-within-bounds': {
    request: 'not-breaking',
    response: 'not-breaking',
    reads: 'format (int32, int64), minimum, maximum, exclusiveMinimum, exclusiveMaximum',
    doc: 'An integer format added or removed where the bounds already keep every value inside its range (1..1000 gains `int64`): it refuses and admits no value the bounds allow.',
  },
  'format-widened': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-type-generalized', response: 'response-property-type-generalized' },
    reads: 'format',
    doc: 'A known widening: int32 → int64, float → double, int32 → double, email → idn-email, hostname → idn-hostname, uri → uri-reference or iri, iri → iri-reference, uri-reference → iri-reference.',
  },
  'format-narrowed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-type-changed', response: 'response-property-type-specialized' },
    reads: 'format',
    doc: 'The reverse of a known widening (int64 → int32, …).',
  },
  'format-changed': {
    request: 'breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-type-changed', response: 'response-property-type-changed' },
    reads: 'format',
    doc: 'A format changed to one not known to widen or narrow it (date → date-time).',
  },
  'unique-items-added': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'uniqueItems',
    doc: 'Items must now be unique.',
  },
  'unique-items-removed': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'uniqueItems',
    doc: 'Items may now repeat.',
  },
  'object-closed': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'additionalProperties',
    doc: 'additionalProperties became false: unlisted properties are refused.',
  },
  'object-opened': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'additionalProperties',
    doc: 'additionalProperties: false is gone: unlisted properties may come.',
  },
  'prefix-item-removed': {
    request: 'breaking',
    response: 'breaking',
    oasdiff: {
      request: 'request-property-prefix-items-removed',
      response: 'response-property-prefix-items-removed',
    },
    reads: 'prefixItems',
    doc: 'A tuple item is gone: positions shift.',
    policy:
      'oasdiff calls a removed response tuple item informational; positions of the generated tuple type shift: breaking on both sides.',
  },
  'prefix-item-added': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: {
      request: 'request-property-prefix-items-added',
      response: 'response-property-prefix-items-added',
    },
    reads: 'prefixItems',
    doc: 'A tuple item was added.',
    policy:
      'JSON Schema reading: a prefix item constrains a position that was open (narrowing), breaking where the client writes; oasdiff reads it as a new element the reader must handle.',
  },
  'alternative-added': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-one-of-added', response: 'response-property-one-of-added' },
    reads: 'oneOf, anyOf (member by member; a schema that became an anyOf/oneOf keeping it as a member)',
    doc: 'A new oneOf/anyOf member, or a schema wrapped in an anyOf/oneOf that keeps it as one member (`$ref X` → `anyOf [$ref X, $ref Y]` is Y added; a `{type: null}` member is became-nullable): clients reading it meet a shape they do not handle.',
    policy:
      'oasdiff reports a response member added as informational; our generated clients type the union, so a reader meets a member outside its type: breaking there. A oneOf whose members overlap refuses a value both match; the gate reads a wrapper that keeps the old schema as the union its author meant (as the generated clients type it), so it widens.',
  },
  'alternative-removed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-one-of-removed', response: 'response-property-one-of-removed' },
    reads: 'oneOf, anyOf (member by member; an anyOf/oneOf that became one of its members)',
    doc: 'A oneOf/anyOf member is gone, or an anyOf/oneOf became one of its members: clients sending that shape are refused.',
  },
  'alternatives-introduced': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'oneOf, anyOf',
    doc: 'A oneOf/anyOf where there was none, none of whose members is the old schema: the value must now match one of its members.',
  },
  'alternatives-dropped': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'oneOf, anyOf',
    doc: 'A oneOf/anyOf is gone: the value no longer has to match one of its members.',
  },
  'all-of-member-added': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-all-of-added', response: 'response-property-all-of-added' },
    reads: 'allOf (member by member)',
    doc: 'A new allOf member: one more schema the value must match.',
  },
  'all-of-member-removed': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-all-of-removed', response: 'response-property-all-of-removed' },
    reads: 'allOf (member by member)',
    doc: 'An allOf member is gone: one schema fewer the value must match.',
    policy:
      'allOf members are constraints: one fewer widens (breaking only where the client reads); oasdiff reads it the other way round.',
  },
  'default-added': {
    request: 'not-breaking',
    response: 'not-breaking',
    oasdiff: {
      request: 'request-property-default-value-added',
      response: 'response-property-default-value-added',
    },
    reads: 'default',
    doc: 'A default where none was documented: it says what the service did when the value is absent.',
  },
  'default-changed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: {
      request: 'request-property-default-value-changed',
      response: 'response-property-default-value-changed',
    },
    reads: 'default',
    doc: 'A default changed: a request that omits the value now means something else; a reader is told another documented value.',
    policy:
      'oasdiff calls property defaults informational but parameter defaults breaking; the gate treats both alike: a request that omits the value now means something else.',
  },
  'default-removed': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: {
      request: 'request-property-default-value-removed',
      response: 'response-property-default-value-removed',
    },
    reads: 'default',
    doc: 'A default is gone: a request that omits the value no longer has a documented meaning.',
    policy: 'As default-changed: a request that omits the value no longer has a documented meaning.',
  },
  'constraint-added': {
    request: 'breaking',
    response: 'not-breaking',
    oasdiff: { request: 'request-property-contains-added', response: 'response-property-contains-added' },
    reads:
      'items and additionalProperties (a schema added or removed), contains, dependentRequired, dependentSchemas, if/then/else, not, patternProperties, propertyNames, unevaluatedProperties, unevaluatedItems, contentSchema, contentMediaType, contentEncoding',
    doc: 'A JSON Schema constraint keyword where there was none: values must now also satisfy it.',
  },
  'constraint-removed': {
    request: 'not-breaking',
    response: 'breaking',
    oasdiff: { request: 'request-property-contains-removed', response: 'response-property-contains-removed' },
    reads: 'the constraint keywords of constraint-added',
    doc: 'A JSON Schema constraint keyword is gone: values no longer have to satisfy it.',
  },
  'constraint-changed': {
    request: 'breaking',
    response: 'possibly-breaking',
    reads: 'the constraint keywords of constraint-added',
    doc: 'A constraint keyword changed where its schemas cannot be compared on the same side (`not`, `if`, `then`/`else` under another `if`, `dependentRequired`, the content keywords): it may take less and more at once. contains, propertyNames, unevaluated*, contentSchema and the entries of patternProperties and dependentSchemas are compared as schemas instead.',
    policy: 'Judged as written: breaking where the client writes, possibly breaking (major) where it reads.',
  },
  'discriminator-changed': {
    request: 'possibly-breaking',
    response: 'possibly-breaking',
    oasdiff: {
      request: 'request-property-discriminator-added',
      response: 'response-property-discriminator-added',
    },
    reads: 'discriminator.propertyName, discriminator.mapping',
    doc: 'A discriminator was added, removed, or its property or mapping changed: generated unions change shape.',
    policy:
      'oasdiff calls it informational; generated clients build tagged unions from it, so their types change shape: possibly breaking, major.',
  },
  'encoding-narrowed': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'content.<multipart/*>.encoding.*.{contentType, headers}',
    doc: 'A part of a multipart body (a property on both sides) takes fewer content types (by default from its schema when not written), or needs a new required part header.',
  },
  'encoding-widened': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'content.<multipart/*>.encoding.*.{contentType, headers}',
    doc: 'A part of a multipart body may come in more content types, or a part header is no longer required: a reader meets parts it did not parse.',
  },
  'encoding-changed': {
    request: 'breaking',
    response: 'breaking',
    reads: 'content.<application/x-www-form-urlencoded>.encoding.*.{style, explode, allowReserved}',
    doc: 'A property of a form body (on both sides) is written differently (style, explode, allowReserved, with their defaults): the old form is no longer what the other side reads. A property added with its encoding is only property-added.',
  },
  'schema-changed': {
    request: 'breaking',
    response: 'breaking',
    reads: 'a schema that is not an object (`true`, `false`)',
    doc: 'A boolean schema or an unreadable one changed: compared as written.',
  },
} as const satisfies Record<string, SchemaCheckSpec>;
