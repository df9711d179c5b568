/**
 * The specs of the mocks benchmark (bench/mocks/startup.ts): bundled from the same sources our mock bundles
 * at start-up, written for Prism, and what a tool answered compared with the documented examples.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deref, examplesOf, isObject, operationsOf } from '@svc-contracts/openapi-utils';
import { stringify } from 'yaml';
import { bundleService, listWrittenServices, type OpenApiDocument } from '../../scripts/lib/specs.ts';
import type { Answer, Call } from './http-load.ts';
import type { Case } from './startup-cases.ts';

export interface ServiceSpec {
  name: string;
  spec: OpenApiDocument;
  /** The bundled spec written for Prism. */
  file: string;
  /** A documented request used to ask "do you answer yet?" (any HTTP status counts). */
  probe: Call;
}

export async function bundleSpecsFor(dir: string): Promise<ServiceSpec[]> {
  const services = listWrittenServices();
  const specs: ServiceSpec[] = [];
  for (const service of services) {
    const { spec, problems } = await bundleService(service);
    if (problems.length > 0) {
      throw new Error(`${service.relativeRoot} does not bundle:\n  ${problems.join('\n  ')}`);
    }
    const file = join(dir, `${service.name}.yaml`);
    writeFileSync(file, stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }));
    specs.push({ name: service.name, spec, file, probe: probeFor(service.name, spec) });
  }
  return specs;
}

/** The first documented GET (or the first operation), path parameters filled with `1`, no body. */
function probeFor(name: string, spec: OpenApiDocument): Call {
  const operations = [...operationsOf(spec, ['paths'])];
  const chosen = operations.find((operation) => operation.method === 'get') ?? operations[0];
  if (!chosen) throw new Error(`the ${name} spec documents no operation to probe`);
  return {
    method: chosen.method.toUpperCase(),
    path: chosen.key.replaceAll(/\{[^}]+\}/g, '1'),
    headers: { accept: '*/*' },
  };
}

/** The documented examples of one response, to tell "the spec's example verbatim" from a built body. */
function documentedExamples(spec: OpenApiDocument, path: string, method: string, status: number): unknown[] {
  const pathItem = deref(spec, spec.paths?.[path]);
  const operation = isObject(pathItem) ? deref(spec, pathItem[method]) : undefined;
  const response = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
  const documented = deref(spec, response[String(status)]);
  const content = isObject(documented) && isObject(documented.content) ? documented.content : {};
  return Object.values(content).flatMap((media) =>
    isObject(media) ? examplesOf(spec, media).map((example) => example.value) : [],
  );
}

/** `422 application/json, the spec's example verbatim (msg "…")`: what a tool answered, in a few words. */
export function describeAnswer(
  spec: ServiceSpec | undefined,
  item: Case,
  answer: Answer | undefined,
): string {
  if (!answer) return 'not measured';
  const type = String(answer.headers['content-type'] ?? 'no content type').split(';')[0];
  const origin = isDocumentedExample(spec, item, answer)
    ? `the spec's ${answer.status} example verbatim`
    : 'a body built for the request';
  let gist = /<(?!\?)([\w:-]+)/.exec(answer.body)?.[1];
  if (gist) gist = `<${gist}>`;
  try {
    const parsed = JSON.parse(answer.body) as { detail?: Array<{ msg?: string }> };
    const message = parsed.detail?.[0]?.msg;
    gist = message ? `msg "${message}"` : undefined;
  } catch {
    // Not JSON: the root element, if any.
  }
  return `${answer.status} ${type}, ${origin}${gist ? ` (${gist})` : ''}`;
}

function isDocumentedExample(spec: ServiceSpec | undefined, item: Case, answer: Answer): boolean {
  if (!spec) return false;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = answer.body.trim();
  }
  const examples = documentedExamples(
    spec.spec,
    item.template,
    item.call.method.toLowerCase(),
    answer.status,
  );
  return examples.some(
    (example) =>
      JSON.stringify(typeof example === 'string' ? example.trim() : example) === JSON.stringify(body),
  );
}
