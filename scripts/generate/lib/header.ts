/** The first line of every generated file: where it comes from and that hand edits are lost. */
export function generatedHeader(service: string): string {
  return `// generated from specs/${service}, do not edit: change the spec and run \`pnpm generate\`.`;
}

/** The same notice as an XML comment, for the XSD copies (after the XML declaration, which must stay first). */
export function generatedXmlComment(service: string): string {
  return `<!-- generated from specs/${service}, do not edit: change the spec and run \`pnpm generate\`. -->`;
}
