import { fileURLToPath } from 'node:url';

/** `specs/numbers/`: the folder that `x-xsd` paths are relative to. */
export const SERVICE_DIR = fileURLToPath(new URL('../../../specs/numbers/', import.meta.url));
export const SPEC_ROOT = `${SERVICE_DIR}openapi.yaml`;
export const xsdFile = (name: string): string => `${SERVICE_DIR}xsd/${name}`;
