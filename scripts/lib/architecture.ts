/**
 * The repository's module boundaries, checked on the source text: each workspace package is used
 * through its name and public entry point, and each shared concept is defined in the one package that
 * owns it, and no `x-` extension is read outside its reader. tests/architecture.test.ts runs it over the tree; it parses with the TypeScript compiler, so
 * comments and strings never count as code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { KNOWN_EXTENSIONS } from '@svc-contracts/contract-model';
import ts from 'typescript';

export type ArchitectureRule =
  | 'cross-package-import'
  | 'create-require-into-package'
  | 'variable-dynamic-import'
  | 'undeclared-workspace-dependency'
  | 'concept-outside-owner'
  | 'concept-type-not-imported'
  | 'extension-key-outside-reader';

export interface Violation {
  /** Repository-relative, `/`-separated. */
  file: string;
  line: number;
  rule: ArchitectureRule;
  /** What the rule is about: the import specifier or the concept's name. */
  subject: string;
  message: string;
}

/** Where each shared concept is defined; a definition of the same name anywhere else is a copy. */
export const conceptOwners: Readonly<Record<string, string>> = {
  isObject: 'packages/openapi-utils',
  isRecord: 'packages/openapi-utils',
  deref: 'packages/openapi-utils',
  resolvePointer: 'packages/openapi-utils',
  escapePointer: 'packages/openapi-utils',
  parseMediaType: 'packages/openapi-utils',
  findMediaType: 'packages/openapi-utils',
  isJsonMediaType: 'packages/openapi-utils',
  isXmlMediaType: 'packages/openapi-utils',
  maskUrl: 'packages/redact',
  maskHeaders: 'packages/redact',
  maskBody: 'packages/redact',
  harEntry: 'packages/har',
  harDocument: 'packages/har',
  createHar: 'packages/har',
  readEntry: 'packages/har',
};

/**
 * Types of a shared concept, by the names packages give them: declared in the owner's package only. A
 * package source elsewhere that declares one (its own name for the concept, for example the checker's
 * `RecordedRequest`) must build it on the owner's type, imported from the owner's package: a type alias
 * or an interface extending it that refers to a name imported from there. A second definition with the
 * same fields and no import is a copy.
 */
export const conceptTypes: Readonly<Record<string, { owner: string; from: string }>> = Object.fromEntries(
  [
    'ExchangeRequest',
    'ExchangeResponse',
    'Exchange',
    'RecordedExchange',
    'RecordedRequest',
    'RecordedResponse',
    'HeaderField',
    'MessageParts',
  ].map((name) => [name, { owner: 'packages/har', from: '@svc-contracts/har' }]),
);

/** Where the concept-type rule applies: package sources (tests and benches keep their own fixtures' types). */
const conceptTypeScope = /^packages\/[^/]+\/src\//;

/**
 * The one place an `x-` key of the specs may be spelled: the readers of @svc-contracts/contract-model.
 * Package sources and scripts read an extension through its reader (`readRequires(parameter)`), so a
 * string holding a known extension name as a key (`'x-requires'`, or `['x-requires']` in a JSONPath) is
 * a second reader.
 */
export const extensionReaders = 'packages/contract-model/src/extensions/';

/** Where the extension-key rule applies: package sources and the repository's scripts. */
const extensionKeyScope = /^(?:packages\/[^/]+\/src\/|scripts\/)/;

/** The folders scanned, relative to the root; `packages/*\/src` is expanded per package. */
export const scannedFolders = ['packages/*/src', 'scripts', 'tests', 'contract-tests', 'bench'] as const;

const skippedFolders = new Set(['node_modules', 'dist', 'generated']);
const sourceFile = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
const workspaceScope = '@svc-contracts/';

/**
 * A variable `import()` in package code may stay only with a reason beside it, on its line or the one
 * above: `// architecture-allow dynamic-import: <why>`.
 */
const dynamicImportAllowance = /architecture-allow dynamic-import:[ \t]*\S/;

export interface ScanOptions {
  /** Concept owners to check against; default {@link conceptOwners}. */
  owners?: Readonly<Record<string, string>>;
  /** Extension names only their readers may spell; default the contract model's `KNOWN_EXTENSIONS`. */
  extensions?: readonly string[];
  /** Concept types to check; default {@link conceptTypes}. */
  types?: Readonly<Record<string, { owner: string; from: string }>>;
}

interface PackageInfo {
  /** `packages/<dir>`. */
  dir: string;
  name: string;
  declared: Set<string>;
}

interface FileContext {
  root: string;
  /** Repository-relative, `/`-separated. */
  file: string;
  /** The package the file belongs to, or undefined for repository code (scripts, tests, bench, ...). */
  ownPackage: PackageInfo | undefined;
  rootDeclared: Set<string>;
  source: ts.SourceFile;
  lines: string[];
  owners: Readonly<Record<string, string>>;
  /** Concept types to check; undefined where the rule does not apply. */
  types: Readonly<Record<string, { owner: string; from: string }>> | undefined;
  /** Local names the file imports, by module specifier (filled as the imports are met). */
  imported: Map<string, string>;
  /** Matches a string that spells a known extension as a key; undefined where the rule does not apply. */
  extensionKey: RegExp | undefined;
  violations: Violation[];
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

function readManifest(file: string): { name?: string; declared: Set<string> } {
  if (!existsSync(file)) return { declared: new Set() };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    name?: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const declared = new Set(
    [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies].flatMap((section) =>
      Object.keys(section ?? {}),
    ),
  );
  return { ...(manifest.name === undefined ? {} : { name: manifest.name }), declared };
}

function readPackages(root: string): PackageInfo[] {
  const packagesDir = join(root, 'packages');
  if (!existsSync(packagesDir)) return [];
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const { name, declared } = readManifest(join(packagesDir, entry.name, 'package.json'));
      return { dir: `packages/${entry.name}`, name: name ?? entry.name, declared };
    });
}

function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : listSources(join(dir, entry.name));
    return entry.isFile() && sourceFile.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/** Every source file under the scanned folders of `root`, repository-relative. */
export function listScannedFiles(root: string): string[] {
  const folders = scannedFolders.flatMap((folder) =>
    folder === 'packages/*/src' ? readPackages(root).map((pkg) => `${pkg.dir}/src`) : [folder],
  );
  return folders
    .flatMap((folder) => listSources(join(root, folder)))
    .map((file) => toPosix(relative(root, file)));
}

/** The `packages/<dir>` a repository-relative path lies in, if any. */
function packageDirOf(path: string): string | undefined {
  const match = /^packages\/([^/]+)(?:\/|$)/.exec(path);
  return match ? `packages/${match[1]}` : undefined;
}

function report(
  context: FileContext,
  node: ts.Node,
  rule: ArchitectureRule,
  subject: string,
  message: string,
) {
  const { line } = context.source.getLineAndCharacterOfPosition(node.getStart(context.source));
  context.violations.push({ file: context.file, line: line + 1, rule, subject, message });
}

function checkSpecifier(context: FileContext, node: ts.Node, specifier: string): void {
  const own = context.ownPackage;
  if (specifier.startsWith(workspaceScope)) {
    const [scope, name, ...subpath] = specifier.split('/');
    const packageName = `${scope}/${name}`;
    if (subpath[0] === 'src') {
      report(
        context,
        node,
        'cross-package-import',
        specifier,
        `imports the source of ${packageName}; import the package's public entry point '${packageName}'`,
      );
    }
    if (packageName !== own?.name) {
      const declared = own ? own.declared : context.rootDeclared;
      if (!declared.has(packageName)) {
        const manifest = own ? `${own.dir}/package.json` : 'package.json';
        report(
          context,
          node,
          'undeclared-workspace-dependency',
          packageName,
          `imports ${packageName}, which ${manifest} does not declare (dependencies, devDependencies or peerDependencies)`,
        );
      }
    }
    return;
  }
  if (!specifier.startsWith('.')) return;
  const target = toPosix(relative(context.root, resolve(context.root, dirname(context.file), specifier)));
  const targetPackage = packageDirOf(target);
  if (targetPackage !== undefined && targetPackage !== own?.dir) {
    report(
      context,
      node,
      'cross-package-import',
      specifier,
      `reaches into ${targetPackage}/ by a relative path; import the package by its name`,
    );
  }
}

function stringLiterals(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isStringLiteralLike(child)) found.push(child.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** `createRequire(...)` aimed at a workspace package: a path through `packages/`, or out of its own package. */
function checkCreateRequire(context: FileContext, call: ts.CallExpression): void {
  const literals = call.arguments.flatMap(stringLiterals);
  const own = context.ownPackage;
  const intoPackages = literals.find((literal) => {
    if (/(?:^|\/)packages(?:\/|$)/.test(literal)) return true;
    if (!own || !literal.startsWith('.')) return false;
    const target = toPosix(relative(context.root, resolve(context.root, dirname(context.file), literal)));
    return packageDirOf(target) !== own.dir;
  });
  if (intoPackages === undefined) return;
  // `fromRoot('packages', 'b', 'package.json')` reads best as the path it builds.
  const target = literals.join('/');
  report(
    context,
    call,
    'create-require-into-package',
    target,
    `createRequire reaches another workspace package (${target}); depend on what you need and import it by name`,
  );
}

function checkDynamicImport(context: FileContext, call: ts.CallExpression): void {
  const [argument] = call.arguments;
  if (argument !== undefined && ts.isStringLiteralLike(argument)) return;
  const { line } = context.source.getLineAndCharacterOfPosition(call.getStart(context.source));
  const nearby = `${context.lines[line - 1] ?? ''}\n${context.lines[line] ?? ''}`;
  if (dynamicImportAllowance.test(nearby)) return;
  report(
    context,
    call,
    'variable-dynamic-import',
    argument?.getText(context.source) ?? '',
    'import() of a variable hides a dependency from the package manifest and the bundlers; import a string literal, or allow it with `// architecture-allow dynamic-import: <reason>`',
  );
}

function isFunctionLike(node: ts.Node | undefined): boolean {
  return node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
}

/** The name a node defines as a function or value: declarations, methods, function-valued properties. */
function definedName(node: ts.Node): ts.Identifier | undefined {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isClassDeclaration(node)) {
    return node.name && ts.isIdentifier(node.name) ? node.name : undefined;
  }
  if (ts.isVariableDeclaration(node)) return ts.isIdentifier(node.name) ? node.name : undefined;
  if ((ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) && isFunctionLike(node.initializer)) {
    return ts.isIdentifier(node.name) ? node.name : undefined;
  }
  return undefined;
}

function checkDefinition(context: FileContext, node: ts.Node): void {
  const name = definedName(node);
  if (name === undefined || !Object.hasOwn(context.owners, name.text)) return;
  const owner = context.owners[name.text] as string;
  if (context.file === owner || context.file.startsWith(`${owner}/`)) return;
  report(
    context,
    name,
    'concept-outside-owner',
    name.text,
    `defines \`${name.text}\`, which ${owner} owns; import it from there`,
  );
}

/** Records the local names an import declaration brings in, with the module they come from. */
function noteImports(context: FileContext, node: ts.ImportDeclaration): void {
  if (!ts.isStringLiteral(node.moduleSpecifier)) return;
  const from = node.moduleSpecifier.text;
  const clause = node.importClause;
  if (clause?.name) context.imported.set(clause.name.text, from);
  const bindings = clause?.namedBindings;
  if (bindings && ts.isNamedImports(bindings)) {
    for (const element of bindings.elements) context.imported.set(element.name.text, from);
  } else if (bindings && ts.isNamespaceImport(bindings)) context.imported.set(bindings.name.text, from);
}

/** The names a type node refers to (`A`, `Omit<B, 'x'> & C` gives B and C besides Omit; `ns.T` gives ns). */
function referencedNames(node: ts.Node, names: string[] = []): string[] {
  if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
    let name: ts.Node = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
    while (ts.isQualifiedName(name) || ts.isPropertyAccessExpression(name)) {
      name = ts.isQualifiedName(name) ? name.left : name.expression;
    }
    if (ts.isIdentifier(name)) names.push(name.text);
  }
  ts.forEachChild(node, (child) => void referencedNames(child, names));
  return names;
}

/**
 * A declaration of a concept type outside its owner: allowed only as a type alias, or an interface
 * extending, of a name the file imports from the owner's package (by import, not by name).
 */
function checkConceptType(context: FileContext, node: ts.Node): void {
  if (context.types === undefined) return;
  if (!ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node) && !ts.isClassDeclaration(node))
    return;
  const name = node.name;
  if (name === undefined || !Object.hasOwn(context.types, name.text)) return;
  const { owner, from } = context.types[name.text] as { owner: string; from: string };
  if (context.file.startsWith(`${owner}/`)) return;
  const built = ts.isTypeAliasDeclaration(node)
    ? referencedNames(node.type)
    : ts.isInterfaceDeclaration(node)
      ? (node.heritageClauses ?? []).flatMap((clause) =>
          clause.types.flatMap((type) => referencedNames(type)),
        )
      : [];
  const fromOwner = (specifier: string | undefined) =>
    specifier !== undefined && (specifier === from || specifier.startsWith(`${from}/`));
  if (built.some((local) => fromOwner(context.imported.get(local)))) return;
  report(
    context,
    name,
    'concept-type-not-imported',
    name.text,
    `declares \`${name.text}\` without ${from}'s type; ${owner} owns it: alias or extend the type imported from ${from}`,
  );
}

/**
 * A string or template part that spells a known extension as a key: the whole text, quoted inside it (a
 * JSONPath `@['x-echoes']`), or a JSON pointer segment (`/x-echoes`).
 */
function extensionKeyPattern(extensions: readonly string[]): RegExp {
  const names = extensions.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`^(${names})$|['"](${names})['"]|/(${names})(?:/|$)`);
}

function checkExtensionKey(context: FileContext, node: ts.Node): void {
  if (context.extensionKey === undefined) return;
  const isText =
    ts.isStringLiteralLike(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node);
  if (!isText) return;
  const match = context.extensionKey.exec((node as ts.LiteralLikeNode).text);
  if (match === null) return;
  const name = match[1] ?? match[2] ?? match[3] ?? '';
  report(
    context,
    node,
    'extension-key-outside-reader',
    name,
    `reads the \`${name}\` extension itself; use its reader in @svc-contracts/contract-model (${extensionReaders})`,
  );
}

function calleeName(call: ts.CallExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return `${callee.expression.getText()}.${callee.name.text}`;
  return '';
}

/** Calls whose first argument is a module specifier, besides `import()`. */
const specifierCalls = new Set(['require', 'require.resolve', 'vi.mock', 'vi.doMock', 'vi.importActual']);

function visit(context: FileContext, node: ts.Node): void {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
    if (ts.isStringLiteral(node.moduleSpecifier)) checkSpecifier(context, node, node.moduleSpecifier.text);
    if (ts.isImportDeclaration(node)) noteImports(context, node);
  } else if (ts.isImportTypeNode(node)) {
    const { argument } = node;
    if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
      checkSpecifier(context, node, argument.literal.text);
    }
  } else if (ts.isCallExpression(node)) {
    const [first] = node.arguments;
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      if (first !== undefined && ts.isStringLiteralLike(first)) checkSpecifier(context, node, first.text);
      if (context.file.startsWith('packages/')) checkDynamicImport(context, node);
    } else {
      const callee = calleeName(node);
      if (callee === 'createRequire' || callee.endsWith('.createRequire')) checkCreateRequire(context, node);
      if (specifierCalls.has(callee) && first !== undefined && ts.isStringLiteralLike(first)) {
        checkSpecifier(context, node, first.text);
      }
    }
  }
  checkDefinition(context, node);
  checkConceptType(context, node);
  checkExtensionKey(context, node);
  ts.forEachChild(node, (child) => visit(context, child));
}

/** Checks the given repository-relative files of `root`; default: every scanned file. */
export function scanArchitecture(
  root: string,
  files = listScannedFiles(root),
  options: ScanOptions = {},
): Violation[] {
  const packages = readPackages(root);
  const rootDeclared = readManifest(join(root, 'package.json')).declared;
  const violations: Violation[] = [];
  const extensionKey = extensionKeyPattern(options.extensions ?? KNOWN_EXTENSIONS);
  const checksExtensions = (file: string) =>
    extensionKeyScope.test(file) && !file.startsWith(extensionReaders);
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const ownDir = packageDirOf(file);
    const context: FileContext = {
      root,
      file,
      ownPackage: packages.find((pkg) => pkg.dir === ownDir),
      rootDeclared,
      source,
      lines: text.split('\n'),
      owners: options.owners ?? conceptOwners,
      types: conceptTypeScope.test(file) ? (options.types ?? conceptTypes) : undefined,
      imported: new Map(),
      extensionKey: checksExtensions(file) ? extensionKey : undefined,
      violations,
    };
    visit(context, source);
  }
  return violations;
}

/** `file:line rule: message`, the way the test prints a violation. */
export function formatViolation(violation: Violation): string {
  return `${violation.file}:${violation.line} ${violation.rule}: ${violation.message}`;
}
