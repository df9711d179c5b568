import { resolve } from 'node:path';
import {
  type BundledSpec,
  EXTENSION,
  readErrorSchemas,
  readUnmatchedRequests,
  readValidationStatus,
  readValueSchema,
  xsdReferencesIn,
} from '@svc-contracts/contract-model';
import {
  derefWithPointer,
  escapePointer,
  isObject,
  type OpenApiDocument,
} from '@svc-contracts/openapi-utils';
import type { BodyContext } from '../bodies/body.js';
import { TrafficJson } from '../bodies/json-text.js';
import { type ResolvedParameter, resolveParameters } from '../parameters/resolve.js';
import { buildOperationIndex, type IndexedOperation } from '../router/operation-index.js';
import { readSecurityRules } from '../security/security.js';
import { createSchemaValidator } from './schema-validator.js';
import type { XsdCache } from './xsd-cache.js';

/** One service, read and compiled once: its validator, security rules and service-wide x- rules. */
export type CompiledService = ReturnType<typeof compileService>;

/** One operation with its resolved parameters, ready to check requests against. */
export interface PreparedOperation {
  indexed: IndexedOperation;
  service: CompiledService;
  parameters: ResolvedParameter[];
}

/** Walks the schemas an operation uses, so they compile once, at load time, with their location. */
function* operationSchemas(
  doc: OpenApiDocument,
  indexed: IndexedOperation,
  parameters: ResolvedParameter[],
): Generator<[unknown, string]> {
  for (const parameter of parameters)
    if (parameter.schema !== undefined) yield [parameter.schema, parameter.schemaPointer];
  const media = function* (content: unknown, pointer: string): Generator<[unknown, string]> {
    if (!isObject(content)) return;
    for (const [key, value] of Object.entries(content)) {
      if (!isObject(value) || value.schema === undefined) continue;
      const at = `${pointer}/content/${escapePointer(key)}/schema`;
      yield [value.schema, at];
      const resolved = derefWithPointer(doc, value.schema, at);
      if (isObject(resolved.node) && resolved.node.contentSchema !== undefined) {
        yield [resolved.node.contentSchema, `${resolved.pointer}/contentSchema`];
      }
    }
  };
  const body = derefWithPointer(doc, indexed.operation.requestBody, `${indexed.pointer}/requestBody`);
  if (isObject(body.node)) yield* media(body.node.content, body.pointer);
  if (isObject(indexed.operation.responses)) {
    for (const [status, raw] of Object.entries(indexed.operation.responses)) {
      const response = derefWithPointer(doc, raw, `${indexed.pointer}/responses/${escapePointer(status)}`);
      if (!isObject(response.node)) continue;
      yield* media(response.node.content, response.pointer);
      if (isObject(response.node.headers)) {
        for (const [name, rawHeader] of Object.entries(response.node.headers)) {
          const header = derefWithPointer(
            doc,
            rawHeader,
            `${response.pointer}/headers/${escapePointer(name)}`,
          );
          if (isObject(header.node) && header.node.schema !== undefined)
            yield [header.node.schema, `${header.pointer}/schema`];
        }
      }
    }
  }
}

/** Compiles every XSD the document's `x-xsd`s name (a validator each, from the XSD cache): the problems of
 * those that do not compile, in the order the document names them. */
async function xsdProblems({ spec, doc }: CompiledService, xsd: XsdCache): Promise<string[]> {
  const paths = new Set<string>();
  for (const node of [doc.paths, doc.webhooks, doc.components])
    for (const reference of xsdReferencesIn(node)) paths.add(reference.schema);
  const outcomes = await Promise.all(
    [...paths].map(async (path) => {
      try {
        await xsd.get(resolve(spec.dir, path));
        return undefined;
      } catch (error) {
        return `${spec.relativeRoot} ${EXTENSION.xsd} ${path}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }),
  );
  return outcomes.filter((problem) => problem !== undefined);
}

/** A service's validator and rules; `unmatched` is its `x-unmatched-requests` (the statuses of a path or method it
 * does not have). The problems of an error schema the reader dropped go to `problems` (the others are the linter's). */
function compileService(spec: BundledSpec, xsd: XsdCache, json: TrafficJson, problems: string[]) {
  const doc = spec.document;
  const validator = createSchemaValidator(doc, spec.name);
  const status = readValidationStatus(doc).value;
  const unmatched = readUnmatchedRequests(doc).value;
  const errorSchemas = readErrorSchemas(doc);
  const kept = Object.fromEntries(
    Object.entries(errorSchemas.value ?? {}).map(([status, entry]) => [status, entry.schema]),
  );
  for (const { at, message } of errorSchemas.problems)
    if (at[1] === undefined || !Object.hasOwn(kept, String(at[1])))
      problems.push(`${spec.relativeRoot}#/${at.map(String).map(escapePointer).join('/')}: ${message}`);
  const specLocation = (pointer: string) => `${spec.relativeRoot}${pointer}`;
  const body: BodyContext = {
    doc,
    validator,
    xsd,
    serviceDir: spec.dir,
    relativeRoot: spec.relativeRoot,
    specLocation,
    json,
  };
  return {
    spec,
    doc,
    validator,
    security: readSecurityRules(doc),
    errorSchemas: kept as Record<string, unknown>,
    ...(status === undefined ? {} : { validationStatus: status }),
    ...(unmatched === undefined ? {} : { unmatched }),
    body,
  };
}

/** Compiles bundled specs: a validator per service, the operation index, every schema an operation uses (so a
 * broken schema is reported at load, with its location, not in the middle of a run) and every XSD an XML
 * media type names. */
export async function compileContracts(specs: BundledSpec[], xsd: XsdCache, json = new TrafficJson()) {
  const problems: string[] = [];
  // Every XSD is asked for first: its files are read while Ajv compiles below.
  const xsdWork = new Map<CompiledService, Promise<string[]>>();
  const compiled = new Map<string, CompiledService>();
  for (const spec of specs) {
    const service = compileService(spec, xsd, json, problems);
    compiled.set(spec.name, service);
    xsdWork.set(service, xsdProblems(service, xsd));
  }
  const index = buildOperationIndex(specs.map((spec) => ({ name: spec.name, document: spec.document })));
  const prepared = new Map<IndexedOperation, PreparedOperation>();
  for (const indexed of index.operations) {
    const service = compiled.get(indexed.service);
    if (!service) continue;
    const { pathItem, operation, pathItemPointer, pointer } = indexed;
    const parameters = resolveParameters(service.doc, pathItem, operation, pathItemPointer, pointer);
    prepared.set(indexed, { indexed, service, parameters });
    for (const [schema, pointer] of operationSchemas(service.doc, indexed, parameters)) {
      const error = service.validator.precompile(schema);
      if (error) problems.push(`${service.spec.relativeRoot}${pointer}: schema does not compile: ${error}`);
    }
  }
  for (const service of compiled.values()) {
    for (const [name, scheme] of Object.entries(service.security.schemes)) {
      const valueSchema = readValueSchema(scheme);
      const at = `${service.spec.relativeRoot}#/components/securitySchemes/${escapePointer(name)}/${EXTENSION.valueSchema}`;
      if (valueSchema.value === undefined) {
        // A value that is no schema at all: reported as one that does not compile was.
        for (const problem of valueSchema.problems) problems.push(`${at}: ${problem.message}`);
        continue;
      }
      const error = service.validator.precompile(valueSchema.value);
      if (error) problems.push(`${at}: ${error}`);
    }
    for (const [status, schema] of Object.entries(service.errorSchemas)) {
      const error = service.validator.precompile(schema);
      const at = `${service.spec.relativeRoot}#/${EXTENSION.errorSchemas}/${escapePointer(status)}`;
      if (error) problems.push(`${at}: ${error}`);
    }
    problems.push(...((await xsdWork.get(service)) ?? []));
  }

  // `problems`: schemas and XSDs that do not compile, with their location.
  return { services: compiled, index, operations: prepared, problems };
}
