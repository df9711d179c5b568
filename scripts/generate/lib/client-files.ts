import { join } from 'node:path';
import type { OpenApiDocument, Service } from '../../lib/specs.ts';
import type { GeneratedFile } from './generated-file.ts';
import { renderOperationTable } from './operation-table.ts';
import { renderSchemaTypes } from './schema-types.ts';
import { xmlDocumentFiles } from './xml-documents.ts';

/**
 * The generated files of one client package from its service's bundled spec (`pnpm generate` for every
 * service, `pnpm dev` for the one saved), and the folders that hold only generated files.
 */
export async function clientFiles(
  service: Service,
  spec: OpenApiDocument,
  packageDir: string,
): Promise<{ files: GeneratedFile[]; generatedDirs: string[] }> {
  return {
    files: [
      {
        path: join(packageDir, 'src', 'generated', 'schema.ts'),
        contents: await renderSchemaTypes(service.name, spec),
      },
      {
        path: join(packageDir, 'src', 'generated', 'operations.ts'),
        contents: renderOperationTable(service.name, spec),
      },
      ...xmlDocumentFiles(service, spec, packageDir),
    ],
    generatedDirs: [join(packageDir, 'src', 'generated'), join(packageDir, 'xsd')],
  };
}
