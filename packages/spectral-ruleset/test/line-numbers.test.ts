import { describe, expect, it } from 'vitest';
import { lint } from './helpers.js';

// Written as YAML (not built from the base spec) to check that results carry the lines of the source text.
const SPEC = `openapi: 3.1.0
info:
  title: Line numbers
  version: 1.0.0
  description: A spec written as YAML text.
  contact:
    name: API team
servers:
  - url: '{base_url}'
    variables:
      base_url:
        default: http://localhost:4010
tags:
  - name: calls
    description: Calls.
x-version-prefix: /api/v2
paths:
  /api/v2/calls:
    post:
      operationId: create_call
      summary: Create a call
      description: Creates a call.
      tags: [calls]
      x-source: D3
      security: []
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema:
                type: object
                properties:
                  to:
                    type: string
                    nullable: true
`;

describe('results of a YAML document', () => {
  it('carry the code, the path, the message and the line of the problem', async () => {
    const results = (await lint(SPEC, { source: null })).filter((result) =>
      String(result.code).startsWith('svc-'),
    );
    expect(
      results.map((result) => ({
        code: result.code,
        line: result.range.start.line + 1,
        path: result.path.join('.'),
        message: result.message,
      })),
    ).toEqual([
      {
        code: 'svc-operation-id',
        line: 20,
        path: 'paths./api/v2/calls.post.operationId',
        message:
          'operationId `create_call` is not camelCase (^[a-z][a-zA-Z0-9]*$): rename it, for example to `createCall`.',
      },
      {
        code: 'svc-response-example',
        line: 30,
        path: 'paths./api/v2/calls.post.responses.201.content.application/json',
        message:
          'The 201 response (application/json) has no example: add `example` or `examples` to the media type (or `example` to its schema), so the mocks serve realistic data.',
      },
      {
        code: 'svc-no-nullable',
        line: 36,
        path: 'paths./api/v2/calls.post.responses.201.content.application/json.schema.properties.to.nullable',
        message:
          '`nullable` is an OpenAPI 3.0 keyword that 3.1 ignores: remove it and allow null with a type array, for example `type: [integer, "null"]` (or `oneOf: [{$ref: ...}, {type: "null"}]` for a reference).',
      },
    ]);
  });
});
