import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import type { OpenApiDocument } from '../../lib/specs.ts';
import { generatedHeader } from './header.ts';

/**
 * The openapi-typescript types of one bundled spec (`paths`, `components`, `operations`), the types
 * openapi-fetch checks every raw call against.
 */
export async function renderSchemaTypes(service: string, spec: OpenApiDocument): Promise<string> {
  // openapi-typescript may annotate the document it is given; the caller's copy stays untouched.
  const ast = await openapiTS(structuredClone(spec) as unknown as OpenAPI3, { silent: true });
  return `${generatedHeader(service)}\n\n${astToString(ast)}`;
}
