// The catalogue of every check the gate can emit: one module per family, each check with an id, a level,
// a direction, the part of the spec it reads and one line of documentation. The README's table is generated
// from it (catalogueTable), and a test compares the ids the code emits with the ids listed here.
import { extensionChecks } from './extensions.js';
import { operationChecks } from './operations.js';
import { parameterChecks } from './parameters.js';
import { requestBodyChecks } from './request-bodies.js';
import { responseChecks } from './responses.js';
import { schemaChecks } from './schemas.js';
import { securityChecks } from './security.js';
import {
  bumpOf,
  type Check,
  type CheckSpec,
  type Level,
  type SchemaCheckSpec,
  type Severity,
} from './types.js';
import { webhookChecks } from './webhooks.js';
import { xsdChecks, xsdRoleChecks } from './xsd.js';

export type { Check, Severity, Side } from './types.js';
export { schemaChecks, xsdRoleChecks };

export type SchemaCheck = keyof typeof schemaChecks;
export type XsdRoleCheck = keyof typeof xsdRoleChecks;

type Sided<Table, Prefix extends string> = {
  [K in keyof Table & string]:
    | (Table[K] extends { request: Severity } ? `${Prefix}request-${K}` : never)
    | (Table[K] extends { response: Severity } ? `${Prefix}response-${K}` : never);
}[keyof Table & string];

/** Every id the gate can emit. */
export type CheckId =
  | keyof typeof operationChecks
  | keyof typeof parameterChecks
  | keyof typeof requestBodyChecks
  | keyof typeof responseChecks
  | keyof typeof securityChecks
  | keyof typeof webhookChecks
  | keyof typeof extensionChecks
  | keyof typeof xsdChecks
  | Sided<typeof schemaChecks, ''>
  | Sided<typeof xsdRoleChecks, 'xsd-'>;

/** The families, in the order of the README. */
export const families = [
  'paths and operations',
  'parameters',
  'request bodies',
  'responses and statuses',
  'schemas',
  'security',
  'webhooks',
  'extensions',
  'XSD',
] as const;
export type Family = (typeof families)[number];

function plain(family: Family, table: Record<string, CheckSpec>): Check[] {
  return Object.entries(table).map(([id, spec]) => ({ ...spec, id, family, bump: bumpOf(spec) }));
}

function sided(family: Family, prefix: string, table: Record<string, SchemaCheckSpec>): Check[] {
  const found: Check[] = [];
  for (const [id, spec] of Object.entries(table)) {
    for (const direction of ['request', 'response'] as const) {
      const level = spec[direction];
      if (level === undefined) continue;
      const { request: _r, response: _s, oasdiff, ...rest } = spec;
      const twin = oasdiff?.[direction];
      found.push({
        ...rest,
        ...(twin ? { oasdiff: twin } : {}),
        id: `${prefix}${direction}-${id}`,
        family,
        direction,
        level,
        bump: bumpOf({ level }),
      });
    }
  }
  return found;
}

/** Every check, in README order. */
export const catalogue: readonly Check[] = [
  ...plain('paths and operations', operationChecks),
  ...plain('parameters', parameterChecks),
  ...plain('request bodies', requestBodyChecks),
  ...plain('responses and statuses', responseChecks),
  ...sided('schemas', '', schemaChecks),
  ...plain('security', securityChecks),
  ...plain('webhooks', webhookChecks),
  ...plain('extensions', extensionChecks),
  ...plain('XSD', xsdChecks),
  ...sided('XSD', 'xsd-', xsdRoleChecks),
];

const byId = new Map(catalogue.map((check) => [check.id, check]));

/** The catalogue entry of an id; throws on an id the catalogue does not list (a bug in a family module). */
export function checkOf(id: CheckId): Check {
  const check = byId.get(id);
  if (!check) throw new Error(`spec-diff: check \`${id}\` is not in the catalogue`);
  return check;
}

/** The semver bump an id asks for. */
export function bumpOfCheck(id: CheckId): Level {
  return checkOf(id).bump;
}

const cell = (text: string) =>
  text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');

/** The catalogue as the Markdown table the README carries (between its catalogue markers). */
export function catalogueTable(): string {
  const lines: string[] = [];
  for (const family of families) {
    const checks = catalogue.filter((check) => check.family === family);
    lines.push(
      `### ${family}`,
      '',
      '| id | level | bump | direction | reads | what it means |',
      '|---|---|---|---|---|---|',
    );
    for (const check of checks) {
      const notes = [
        check.doc,
        check.oasdiff ? `oasdiff: \`${check.oasdiff}\`.` : '',
        check.policy ? `**Policy:** ${check.policy}` : '',
      ].filter(Boolean);
      lines.push(
        `| \`${check.id}\` | ${check.level} | ${check.bump} | ${check.direction} | ${cell(check.reads)} | ${cell(notes.join(' '))} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
