import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** JSON Schema 2020-12 validation against the schemas of one bundled OpenAPI 3.1 document. */
export interface SchemaIssue {
  /** JSON pointer into the validated value. */
  instancePath: string;
  /** The JSON Schema keyword that failed (`required`, `pattern`, `maxLength`, ...). */
  keyword: string;
  message: string;
}

export interface SchemaValidator {
  /** Every Ajv error, one issue each. */
  validate(schema: unknown, value: unknown): SchemaIssue[];
  /** Like {@link validate}, but a failed `oneOf`/`anyOf` is reported at its closest branch, not once per branch. */
  validateConcise(schema: unknown, value: unknown): SchemaIssue[];
  /** Whether a value conforms, as one compiled call; the issues are asked for only when it does not. */
  tester(schema: unknown): (value: unknown) => boolean;
  /** Compiles ahead of use; returns the compile error (strict mode, bad `$ref`) instead of throwing. */
  precompile(schema: unknown): string | undefined;
}

const openApiAnnotations = ['xml', 'example', 'externalDocs', 'discriminator'];

/** A document's Ajv leaves the meta-schema check to {@link checkSchema}: one meta-schema per process. */
function newAjv(validateSchema: boolean): Ajv2020 {
  // `verbose` puts the failing schema and data on each error: how a failed oneOf is narrowed to a branch.
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    verbose: true,
    validateSchema,
  });
  addFormats.default(ajv);
  ajv.addVocabulary(openApiAnnotations);
  return ajv;
}

/** Checks schemas against the meta-schema for every document of the process (it holds no schema of theirs). */
let metaChecker: Ajv2020 | undefined;

/** What Ajv's own `validateSchema` option does before compiling (the same check, the same error), with one
 * meta-schema compiled per process. */
function checkSchema(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  metaChecker ??= newAjv(true);
  if (!metaChecker.validateSchema(schema)) {
    throw new Error(`schema is invalid: ${metaChecker.errorsText(metaChecker.errors)}`);
  }
}

export function createSchemaValidator(
  spec: OpenApiDocument,
  id = encodeURIComponent(`${spec.info.title}@${spec.info.version}`),
): SchemaValidator {
  const baseUri = `urn:spec:${id}`;
  const componentSchemas = (spec.components?.schemas ?? {}) as Record<string, unknown>;
  let ajv: Ajv2020 | undefined;
  const compiler = (): Ajv2020 => {
    if (!ajv) {
      ajv = newAjv(false);
      // Registered, then checked: as Ajv does, so that the components stay registered when they fail.
      const components = { $id: baseUri, $defs: prepare(componentSchemas, baseUri) };
      ajv.addSchema(components);
      checkSchema(components);
    }
    return ajv;
  };

  // By content too: operations repeat the same `$ref`s, each its own object.
  const byKey = new Map<string, ValidateFunction>();
  const compiled = new WeakMap<object, ValidateFunction>();

  function compile(schema: unknown): ValidateFunction {
    if (typeof schema !== 'object' || schema === null) return compiler().compile(schema as boolean);
    const cached = compiled.get(schema);
    if (cached) return cached;
    const prepared = prepare(schema, baseUri) as object;
    const key = JSON.stringify(prepared);
    let fn = byKey.get(key);
    if (!fn) {
      const ajv = compiler();
      checkSchema(prepared);
      fn = ajv.compile(prepared);
    }
    byKey.set(key, fn);
    compiled.set(schema, fn);
    return fn;
  }

  function run(schema: unknown, value: unknown): ErrorObject[] {
    const fn = compile(schema);
    return fn(value) ? [] : [...(fn.errors ?? [])];
  }

  return {
    validate(schema, value) {
      return run(schema, value).map((error) => toIssue(error));
    },
    validateConcise(schema, value) {
      // A branch is already prepared: compiling it again by content finds it, or compiles it once.
      return condenseAlternatives(run(schema, value), compile).map(({ error, note }) => toIssue(error, note));
    },
    tester(schema) {
      try {
        return compile(schema) as (value: unknown) => boolean;
      } catch {
        // A schema that does not compile (a problem reported at load) fails each check that uses it.
        return (value) => compile(schema)(value) as boolean;
      }
    },
    precompile(schema) {
      try {
        compile(schema);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}

/** Drops `x-` keys and points component refs at the registered `$defs`. */
function prepare(node: unknown, baseUri: string): unknown {
  if (Array.isArray(node)) return node.map((item) => prepare(item, baseUri));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      out[key] = `${baseUri}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    } else {
      out[key] = prepare(value, baseUri);
    }
  }
  return out;
}

function depth(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

/** The pointers above `pointer`, nearest first, the root (`''`) last. */
function strictAncestors(pointer: string): string[] {
  if (pointer === '') return [];
  const out: string[] = [];
  for (let at = pointer.lastIndexOf('/'); at > 0; at = pointer.lastIndexOf('/', at - 1))
    out.push(pointer.slice(0, at));
  out.push('');
  return out;
}

type Condensed = Array<{ error: ErrorObject; note?: string }>;

/** Replaces each outermost failed `oneOf`/`anyOf`, and the errors of all its branches, by the errors of the
 * branch that came closest: the one whose errors reach deepest into the value, then the one with fewest
 * errors. */
function condenseAlternatives(
  errors: ErrorObject[],
  branchValidator: (schema: unknown) => ValidateFunction,
): Condensed {
  const alternatives = errors.filter(
    (error) =>
      (error.keyword === 'oneOf' || error.keyword === 'anyOf') &&
      Array.isArray(error.schema) &&
      !(error.params as { passingSchemas?: unknown }).passingSchemas,
  );
  // By path, not pair by pair: a list of thousands of failing items has as many alternatives.
  const alternativePaths = new Set(alternatives.map((alternative) => alternative.instancePath));
  const outermost = alternatives.filter(
    (candidate) => !strictAncestors(candidate.instancePath).some((path) => alternativePaths.has(path)),
  );
  if (outermost.length === 0) return errors.map((error) => ({ error }));
  // Outermost paths never nest: an error is under at most one of them, and the first alternative at a path
  // takes the errors under it (another alternative at the same path among them).
  const firstAt = new Map<string, ErrorObject>();
  for (const alternative of outermost)
    if (!firstAt.has(alternative.instancePath)) firstAt.set(alternative.instancePath, alternative);
  const consumed = new Set<ErrorObject>();
  for (const error of errors) {
    const paths = [error.instancePath, ...strictAncestors(error.instancePath)];
    const owner = paths.map((path) => firstAt.get(path)).find((found) => found !== undefined);
    if (owner !== undefined && owner !== error) consumed.add(error);
  }
  const result: Condensed = [];
  for (const alternative of outermost) {
    if (firstAt.get(alternative.instancePath) !== alternative) continue;
    consumed.add(alternative);
    let best: Condensed | undefined;
    let bestScore: [number, number] | undefined;
    for (const branch of alternative.schema as unknown[]) {
      const validate = branchValidator(branch);
      if (validate(alternative.data)) continue;
      const branchErrors = condenseAlternatives([...(validate.errors ?? [])], branchValidator);
      const score: [number, number] = [
        Math.max(0, ...branchErrors.map(({ error }) => depth(error.instancePath))),
        branchErrors.length,
      ];
      if (!bestScore || score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] < bestScore[1])) {
        best = branchErrors;
        bestScore = score;
      }
    }
    if (!best || best.length === 0) {
      result.push({ error: alternative });
      continue;
    }
    const where = alternative.instancePath || '/';
    for (const { error, note } of best) {
      result.push({
        error: { ...error, instancePath: `${alternative.instancePath}${error.instancePath}` },
        note: note ?? `closest alternative of the ${alternative.keyword} at ${where}`,
      });
    }
  }
  return [...errors.filter((error) => !consumed.has(error)).map((error) => ({ error })), ...result];
}

function toIssue(error: ErrorObject, note?: string): SchemaIssue {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties') message += `: '${String(params.additionalProperty)}'`;
  if (error.keyword === 'enum') message += `: ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === 'const') message += `: ${JSON.stringify(params.allowedValue)}`;
  if (note) message += ` (${note})`;
  return { instancePath: error.instancePath || '/', keyword: error.keyword, message };
}
