import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { xsdReferencesIn } from '@svc-contracts/contract-model';
import type { OpenApiDocument, Service } from '../../lib/specs.ts';
import type { GeneratedFile } from './generated-file.ts';
import { generatedXmlComment } from './header.ts';
import { renderXmlDocuments, type XsdDocumentSource } from './xsd-to-ts.ts';

/**
 * For a service whose spec names XSDs (`x-xsd` on XML media types): the document types and descriptors
 * (`src/generated/xml-documents.ts`) and a copy of every XSD they need (`xsd/`), which the client
 * validates outgoing documents against and ships in its package.
 */
export function xmlDocumentFiles(
  service: Service,
  spec: OpenApiDocument,
  packageDir: string,
): GeneratedFile[] {
  const documents = xsdDocuments(spec);
  if (documents.length === 0) return [];
  const xsdDir = join(service.dir, 'xsd');
  const rendered = renderXmlDocuments(service.name, service.dir, documents);
  const files: GeneratedFile[] = [
    { path: join(packageDir, 'src', 'generated', 'xml-documents.ts'), contents: rendered.source },
  ];
  for (const file of rendered.xsdFiles) {
    const text = readFileSync(join(service.dir, file), 'utf8');
    files.push({
      path: join(packageDir, 'xsd', file.replace(/^xsd\//, '')),
      contents: withNotice(text, service.name),
    });
  }
  if (!rendered.xsdFiles.every((file) => file.startsWith('xsd/'))) {
    throw new Error(`Every XSD of ${service.name} must live in ${xsdDir}.`);
  }
  return files;
}

/** Every distinct XSD the spec's `x-xsd` entries name (`schema` and `legacySchema`), sorted by file. */
export function xsdDocuments(spec: OpenApiDocument): XsdDocumentSource[] {
  const found = new Map<string, XsdDocumentSource>();
  for (const xsd of xsdReferencesIn(spec)) {
    for (const file of [xsd.schema, xsd.legacySchema]) {
      if (file === undefined || found.has(file)) continue;
      found.set(file, { file, element: xsd.element, typeName: typeNameOf(file) });
    }
  }
  return [...found.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** `xsd/Notification.legacy.xsd` → `NotificationLegacy`. */
function typeNameOf(file: string): string {
  return basename(file, '.xsd')
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The generated notice goes after the XML declaration, which must stay the first thing in the file. */
function withNotice(text: string, service: string): string {
  const declaration = /^<\?xml[^>]*\?>\r?\n?/.exec(text);
  const notice = `${generatedXmlComment(service)}\n`;
  if (declaration === null) return `${notice}${text}`;
  return `${declaration[0].trimEnd()}\n${notice}${text.slice(declaration[0].length)}`;
}
