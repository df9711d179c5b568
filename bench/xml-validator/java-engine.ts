/**
 * xsd-schema-validator, the Java engine of the design card, as published: each `validateXML` call spawns
 * a JVM that loads the schema and validates one document. Its helper class ships compiled for Java 21
 * (class file 65) and its postinstall, which would compile it for the local Java, does not run under
 * pnpm; so the package is copied once into the system temp folder without that class, and the library
 * compiles it there itself with the local `javac` on its first call (its own path for a missing class).
 * Without `java` (or, with an older Java, without `javac`), the engine is not available and says why.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

interface XsdSchemaValidator {
  validateXML(xml: string, schema: string): Promise<{ valid: boolean; messages: string[] }>;
}

export type JavaValidator =
  | {
      available: true;
      /** `openjdk version "17.0.15"`, for the versions table. */
      runtime: string;
      version: string;
      /** Resolves with the number of messages (0: valid); rejects when the JVM could not judge. */
      validate(xml: string): Promise<number>;
    }
  | { available: false; reason: string };

// A devDependency of the repository (and of packages/xml-validator, whose tests compare against it).
const fromPackage = createRequire(import.meta.url);

/** The first line of `java -version`, or undefined when there is no `java` to run. */
function javaRuntime(): string | undefined {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error !== undefined || java.status !== 0) return undefined;
  return (java.stderr.split('\n')[0] ?? '').trim();
}

/** The package copied outside the workspace, with its `which` dependency linked beside it. */
function copiedPackage(version: string, runtime: string): string {
  const source = realpathSync(path.dirname(fromPackage.resolve('xsd-schema-validator/package.json')));
  const tag = runtime.replaceAll(/[^\w.]+/g, '-');
  const root = path.join(os.tmpdir(), `svc-contracts-xsd-schema-validator-${version}-${tag}`);
  const folder = path.join(root, 'node_modules', 'xsd-schema-validator');
  const which = path.join(root, 'node_modules', 'which');
  if (!existsSync(which)) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(path.dirname(folder), { recursive: true });
    cpSync(source, folder, { recursive: true, dereference: true });
    // The shipped class needs Java 21: without it the library compiles the helper on its first call.
    rmSync(path.join(folder, 'support', 'XMLValidator.class'), { force: true });
    const whichSource = realpathSync(
      path.dirname(createRequire(path.join(source, 'package.json')).resolve('which/package.json')),
    );
    symlinkSync(whichSource, which);
  }
  return folder;
}

export async function openJavaValidator(
  xsdPath: string,
  valid: string,
  invalid: string,
): Promise<JavaValidator> {
  const runtime = javaRuntime();
  if (runtime === undefined)
    return {
      available: false,
      reason: '`java` not found: xsd-schema-validator needs a Java runtime (17 or later)',
    };
  const version = (fromPackage('xsd-schema-validator/package.json') as { version: string }).version;
  const hasJavac = spawnSync('javac', ['-version'], { encoding: 'utf8' }).status === 0;
  if (!hasJavac)
    return {
      available: false,
      reason: `${runtime} without \`javac\`: the shipped helper class needs Java 21 and cannot be compiled here`,
    };
  const library = createRequire(path.join(copiedPackage(version, runtime), 'package.json'))(
    './lib/validator.js',
  ) as XsdSchemaValidator;
  const validate = async (xml: string): Promise<number> => {
    try {
      await library.validateXML(xml, xsdPath);
      return 0;
    } catch (error) {
      const messages = (error as { messages?: string[] }).messages ?? [];
      if (messages.length === 0) throw error;
      return messages.length;
    }
  };
  // One valid and one invalid document first: a JVM that cannot run the helper reports no message.
  try {
    const onValid = await validate(valid);
    const onInvalid = await validate(invalid);
    if (onValid !== 0 || onInvalid === 0)
      return {
        available: false,
        reason: `${runtime}: xsd-schema-validator judged the probe documents wrongly`,
      };
  } catch (error) {
    return {
      available: false,
      reason: `${runtime}: xsd-schema-validator could not validate (${(error as Error).message.split('\n')[0]})`,
    };
  }
  return { available: true, runtime, version, validate };
}
