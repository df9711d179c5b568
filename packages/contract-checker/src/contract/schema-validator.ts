import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

/**
 * JSON Schema 2020-12 validation of values against the schemas of one bundled OpenAPI 3.1 document.
 *
 * Component schemas are registered once under a URN so each `$ref: '#/components/schemas/X'` resolves
 * without recompiling the component tree for every schema. Ajv's strict mode stays on, because it is
 * what catches a misspelt keyword (`maxLenght`) in a hand-written spec; the OpenAPI-only keywords are
 * declared as annotations and `x-` extensions are removed before compiling. Compiled validators are
 * cached per schema object, so a schema is compiled once however many values are checked against it.
 *
 * Each compiled validator is also known by a key, a hash of the schema as compiled, so that the set-up
 * cache (contract-cache.ts) can store it as Ajv standalone code and a later process can load it instead
 * of compiling: Ajv itself is then only loaded for what the cache lacks (a `oneOf` branch to condense).
 */
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
  /**
   * Like {@link validate}, but a failed `oneOf`/`anyOf` becomes one issue at the deepest failure of its
   * branches (the branch that got furthest is almost always the one the author meant), instead of one
   * issue per branch.
   */
  validateConcise(schema: unknown, value: unknown): SchemaIssue[];
  /**
   * Whether a value conforms, as one compiled call: what a check runs per entry, asking
   * {@link validate} or {@link validateConcise} for the issues only when the answer is no (they take
   * the errors of that refusal rather than validating the same value again).
   */
  tester(schema: unknown): (value: unknown) => boolean;
  /** Compiles ahead of use; returns the compile error (strict mode, bad `$ref`) instead of throwing. */
  precompile(schema: unknown): string | undefined;
}

const openApiAnnotations = ['xml', 'example', 'externalDocs', 'discriminator'];

// Ajv is loaded on first compile, not at import: a warm set-up cache validates with standalone code.
const requireHere = createRequire(import.meta.url);

/**
 * An Ajv of the checker's options. A document's Ajv leaves the meta-schema check to {@link checkSchema}
 * (`validateSchema: false`): compiling the 2020-12 meta-schema is the larger part of starting an Ajv
 * (35-100 ms each on a loaded host), and the six services each had their own.
 */
function newAjv(validateSchema: boolean): Ajv2020 {
  const { Ajv2020: AjvClass } = requireHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = requireHere('ajv-formats') as typeof import('ajv-formats');
  // `verbose` puts the failing schema and data on each error, which is how a failed oneOf is narrowed to
  // its closest branch; it costs nothing while values are valid. `code.source` keeps the generated code
  // so that it can be written out as standalone code.
  const ajv = new AjvClass({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    verbose: true,
    validateSchema,
    code: { source: true },
  });
  addFormats.default(ajv);
  ajv.addVocabulary(openApiAnnotations);
  return ajv;
}

/** The Ajv that checks schemas against the meta-schema, for every document of the process (it holds no schema of theirs). */
let metaChecker: Ajv2020 | undefined;

/**
 * What Ajv's own `validateSchema` option does before compiling (the same check, the same error), with
 * one meta-schema compiled per process. Only for objects: Ajv refuses other values with its own error.
 */
function checkSchema(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  metaChecker ??= newAjv(true);
  if (!metaChecker.validateSchema(schema)) {
    throw new Error(`schema is invalid: ${metaChecker.errorsText(metaChecker.errors)}`);
  }
}

interface DocumentValidators {
  /** Modules of Ajv standalone (CommonJS) code to take validators from, each exported under its key. */
  precompiled?: string[];
  /** The validators compiled so far as one such module (undefined when none was compiled). */
  exportCompiled?: () => string | undefined;
}

/**
 * Validators travel with their document: the set-up cache attaches stored ones before the contracts are
 * compiled and collects the compiled ones after, whoever creates the document's validator in between.
 */
const byDocument = new WeakMap<object, DocumentValidators>();

/** Makes validators created afterwards for `doc` take compiled schemas from these standalone modules. */
export function usePrecompiledValidators(doc: OpenApiDocument, modules: string[]): void {
  byDocument.set(doc, { ...byDocument.get(doc), precompiled: modules });
}

/** The validators compiled for `doc` (not taken from precompiled modules), as one standalone module. */
export function compiledValidatorsOf(doc: OpenApiDocument): string | undefined {
  return byDocument.get(doc)?.exportCompiled?.();
}

/** Evaluates standalone code the way Ajv evaluates the code it generates, with its runtime modules. */
function loadStandalone(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
  return module.exports;
}

export function createSchemaValidator(spec: OpenApiDocument, id = specId(spec)): SchemaValidator {
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

  const documentValidators = byDocument.get(spec) ?? {};
  byDocument.set(spec, documentValidators);
  const precompiled = documentValidators.precompiled;
  let stored: Record<string, ValidateFunction> | undefined;
  const storedValidator = (key: string): ValidateFunction | undefined => {
    if (!precompiled) return undefined;
    if (!stored) {
      stored = {};
      for (const code of precompiled) {
        try {
          Object.assign(stored, loadStandalone(code));
        } catch {
          // A module that does not evaluate holds no validator: its schemas are compiled instead.
        }
      }
    }
    return Object.hasOwn(stored, key) ? stored[key] : undefined;
  };

  const byKey = new Map<string, ValidateFunction>();
  /** Validators Ajv compiled here (not taken from standalone code), by key. */
  const compiledHere = new Map<string, ValidateFunction>();
  documentValidators.exportCompiled = () => {
    if (!ajv || compiledHere.size === 0) return undefined;
    const standalone = requireHere(
      'ajv/dist/standalone/index.js',
    ) as typeof import('ajv/dist/standalone/index.js');
    // Ajv writes several validators as one module by looking each name up with getSchema; ours are
    // compiled as given (`compile`: registering them under a name would change their base URI, and so
    // the locations in their messages), so the lookup is by key here.
    const lookup = { opts: ajv.opts, scope: ajv.scope, getSchema: (key: string) => compiledHere.get(key) };
    const exports = Object.fromEntries([...compiledHere.keys()].map((key) => [key, key]));
    return standalone.default(lookup as unknown as Ajv2020, exports);
  };

  const compiled = new WeakMap<object, ValidateFunction>();

  function compile(schema: unknown): ValidateFunction {
    if (typeof schema !== 'object' || schema === null) return compiler().compile(schema as boolean);
    const cached = compiled.get(schema);
    if (cached) return cached;
    const prepared = prepare(schema, baseUri) as object;
    const key = schemaKey(prepared);
    let fn = byKey.get(key) ?? storedValidator(key);
    if (!fn) {
      const ajv = compiler();
      checkSchema(prepared);
      fn = ajv.compile(prepared);
      compiledHere.set(key, fn);
    }
    byKey.set(key, fn);
    compiled.set(schema, fn);
    return fn;
  }

  // Branches of a failed oneOf/anyOf, as found in verbose errors: already prepared, compiled on demand.
  const branches = new WeakMap<object, ValidateFunction>();
  function compileBranch(schema: unknown): ValidateFunction {
    if (typeof schema !== 'object' || schema === null) return compiler().compile(schema as boolean);
    let fn = branches.get(schema);
    if (!fn) {
      const ajv = compiler();
      checkSchema(schema);
      fn = ajv.compile(schema);
      branches.set(schema, fn);
    }
    return fn;
  }

  // The errors of the last value a tester refused: the issues of that value, asked for next, are read
  // from them instead of validating it again (a refused value is about to be reported).
  let refused: { fn: ValidateFunction; value: unknown; errors: ErrorObject[] } | undefined;

  function run(schema: unknown, value: unknown): ErrorObject[] {
    const fn = compile(schema);
    if (refused !== undefined && refused.fn === fn && refused.value === value) {
      const { errors } = refused;
      refused = undefined;
      return errors;
    }
    return fn(value) ? [] : [...(fn.errors ?? [])];
  }

  return {
    validate(schema, value) {
      return run(schema, value).map((error) => toIssue(error));
    },
    validateConcise(schema, value) {
      return condenseAlternatives(run(schema, value), compileBranch).map(({ error, note }) =>
        toIssue(error, note),
      );
    },
    tester(schema) {
      try {
        const fn = compile(schema);
        return (value) => {
          if (fn(value)) return true;
          refused = { fn, value, errors: [...(fn.errors ?? [])] };
          return false;
        };
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

/** Names a prepared schema the same way in every process: what it compiles to depends on nothing else. */
function schemaKey(prepared: object): string {
  return `s${createHash('sha256').update(JSON.stringify(prepared)).digest('base64url')}`;
}

function specId(spec: OpenApiDocument): string {
  return encodeURIComponent(`${spec.info.title}@${spec.info.version}`);
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

/**
 * Replaces each outermost failed `oneOf`/`anyOf`, and the errors of all its branches, by the errors of
 * the branch that came closest: the one whose errors reach deepest into the value, then the one with
 * fewest errors. For the agents `filters` that is the branch of the filter's own attribute, not the
 * seven branches whose `const` the attribute fails. Needs Ajv's `verbose` errors (schema and data).
 */
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
  // By path, not pair by pair: a list of 20,000 failing items has 20,000 alternatives, and comparing each
  // with each (and each with every error) took 40 s.
  const alternativePaths = new Set(alternatives.map((alternative) => alternative.instancePath));
  const outermost = alternatives.filter(
    (candidate) => !strictAncestors(candidate.instancePath).some((path) => alternativePaths.has(path)),
  );
  if (outermost.length === 0) return errors.map((error) => ({ error }));
  // Outermost paths never nest: an error is under at most one of them, and the first alternative at a
  // path takes the errors under it (another alternative at the same path among them).
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
