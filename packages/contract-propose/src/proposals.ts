import { EXTENSION } from '@svc-contracts/contract-model';
import { isObject, resolvePointer, unescapePointer } from '@svc-contracts/openapi-utils';
import { isSecretField, MASK, maskShape } from '@svc-contracts/redact';
import type { BodyTally, PresenceTally, Tallies, ValueTally } from './tally.js';

/** How much traffic a proposal must rest on. The defaults propose nothing a few entries happen to show. */
export interface Thresholds {
  /** Fewest entries behind a proposal (default 20). */
  minEntries: number;
  /** Most distinct values an enum proposal lists (default 12); it also needs 3 entries per value. */
  maxValues: number;
  /** Share of the values (or objects) that must show a format (or a member) for it to be proposed (default 1: all). */
  minShare: number;
}

export const defaultThresholds: Thresholds = { minEntries: 20, maxValues: 12, minShare: 1 };

export type ProposalKind = 'enum' | 'format' | 'required' | 'not-null' | 'body';

/** One change a reviewer accepts or not: where, what, and the traffic behind it. */
export interface Proposal {
  kind: ProposalKind;
  service: string;
  /** JSON Pointer in the bundled document. */
  at: string;
  /** The overlay actions (a body replaces a schema: a remove, then an update). */
  actions: OverlayAction[];
  entries: number;
  /** What was seen: values with counts, the format, the members. */
  seen: string;
  /** An example value, masked: no credential, personal values only as their shape. */
  example?: string;
  /** The status of a body proposal. */
  code?: string;
  /** Operations' `x-source` sections behind it. */
  sources: string[];
}

export interface OverlayAction {
  target: string;
  description?: string;
  update?: unknown;
  remove?: boolean;
}

/** Where traffic showed something at an open point, and why it is not proposed. */
export interface Unsettled {
  service: string;
  at: string;
  entries: number;
  why: string;
}

const formatUpdate: Record<string, Record<string, string>> = {
  uuid: { format: 'uuid' },
  'date-time': { format: 'date-time' },
  date: { format: 'date' },
  // The one E.164 pattern of specs/common/schemas/E164.yaml: the reviewer writes it as that $ref.
  e164: { pattern: '^\\+[1-9]\\d{1,14}$' },
  email: { format: 'email' },
  uri: { format: 'uri' },
};
const personal = new Set(['e164', 'email']);

/** `#/components/schemas/Run/properties/mode` → `$.components.schemas.Run.properties.mode`. */
export function jsonPath(pointer: string): string {
  const segments = pointer.replace(/^#?\//, '').split('/').map(unescapePointer);
  return `$${segments
    .map((s) =>
      /^[A-Za-z_][\w-]*$/.test(s) ? `.${s}` : `['${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`,
    )
    .join('')}`;
}

function lastName(pointer: string): string {
  return unescapePointer(pointer.slice(pointer.lastIndexOf('/') + 1));
}

/** Masks an example as the recorder does (secret members), personal strings shown as their shape. */
export function maskExample(value: unknown, name = ''): unknown {
  if (isSecretField(name)) return typeof value === 'number' ? 0 : MASK;
  if (typeof value === 'string') return isPersonal(value) ? maskShape(value) : value;
  if (Array.isArray(value)) return value.slice(0, 3).map((item) => maskExample(item, name));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskExample(v, k)]));
  return value;
}

function isPersonal(value: string): boolean {
  return /^\+?[\d\s().-]{7,}$/.test(value) || /^[^\s@]+@[^\s@]+$/.test(value) || /\d{7,}/.test(value);
}

const counted = (counts: Map<string, number>, top = 6): string =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, top)
    .map(([value, count]) => `${JSON.stringify(isPersonal(value) ? maskShape(value) : value)} ${count}`)
    .join(', ') + (counts.size > top ? `, … (${counts.size} values)` : '');

/** The proposals the tallies support under the thresholds, and the open points seen but not settled. */
export function proposalsOf(
  tallies: Tallies,
  thresholds: Thresholds = defaultThresholds,
): { proposals: Proposal[]; unsettled: Unsettled[] } {
  const proposals: Proposal[] = [];
  const unsettled: Unsettled[] = [];
  for (const [key, tally] of [...tallies.byAt].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const space = key.indexOf(' ');
    const service = key.slice(0, space);
    const at = key.slice(space + 1);
    const document = tallies.documents.get(service);
    const base = { service, at, entries: tally.entries, sources: [...tally.sources].sort() };
    const few = tally.entries < thresholds.minEntries;
    if (few) {
      unsettled.push({
        service,
        at,
        entries: tally.entries,
        why: `fewer than ${thresholds.minEntries} entries`,
      });
      continue;
    }
    const made =
      tally.kind === 'values'
        ? valueProposal(tally, at, thresholds)
        : tally.kind === 'presence'
          ? presenceProposals(tally, at, thresholds, document)
          : [bodyProposal(tally, at)];
    if (typeof made === 'string') unsettled.push({ service, at, entries: tally.entries, why: made });
    else for (const proposal of made) proposals.push({ ...base, ...proposal });
  }
  return { proposals, unsettled };
}

type Made = Omit<Proposal, 'service' | 'at' | 'entries' | 'sources'> & { at?: string };

function valueProposal(tally: ValueTally, at: string, t: Thresholds): Made[] | string {
  if (tally.strings === 0) return 'no string value seen';
  const name = lastName(at);
  const top = [...tally.values].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const formats = [...tally.formats].filter(([, count]) => count >= tally.strings * t.minShare);
  const format = formats.map(([f]) => f).find((f) => f in formatUpdate);
  const isPersonalFormat = format !== undefined && personal.has(format);
  const example = isPersonalFormat || isPersonal(top) ? maskShape(top) : top;
  const distinct = tally.values.size;
  if (
    tally.open === 'values' &&
    !tally.overflow &&
    tally.other === 0 &&
    !isPersonalFormat &&
    distinct <= t.maxValues &&
    tally.entries >= 3 * distinct
  ) {
    const values = [...tally.values.keys()].sort();
    const update = { enum: tally.nullable ? [...values, null] : values };
    return [
      {
        kind: 'enum',
        actions: [
          { target: jsonPath(at), description: `${name}: the ${distinct} values traffic shows`, update },
        ],
        seen: `${distinct} values: ${counted(tally.values)}${tally.nulls ? `, null ${tally.nulls}` : ''}`,
        example,
      },
    ];
  }
  if (format) {
    const update = formatUpdate[format];
    return [
      {
        kind: 'format',
        actions: [{ target: jsonPath(at), description: `${name}: every value seen is ${format}`, update }],
        seen: `${tally.strings} values, ${format}: ${tally.formats.get(format)} of them`,
        example,
      },
    ];
  }
  return tally.open === 'values'
    ? `${tally.overflow ? `more than ${distinct}` : distinct} distinct values and no common format`
    : 'no format every value matches';
}

function presenceProposals(
  tally: PresenceTally,
  at: string,
  t: Thresholds,
  document: unknown,
): Made[] | string {
  const made: Made[] = [];
  const always = [...tally.present]
    .filter(
      ([name, count]) => !tally.nullOnly && !tally.required.has(name) && count >= tally.objects * t.minShare,
    )
    .map(([name]) => name)
    .sort();
  if (always.length > 0)
    made.push({
      kind: 'required',
      actions: [
        {
          target: jsonPath(at),
          description: `members present in every object seen`,
          update: { required: always },
        },
      ],
      seen: `${always.join(', ')} in ${tally.objects} of ${tally.objects} objects`,
    });
  for (const [name, count] of [...tally.nonNull].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const present = tally.present.get(name) ?? 0;
    if (present === 0 || count < present * t.minShare) continue;
    const memberAt = `${at}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const member = resolvePointer(document, memberAt);
    const type =
      isObject(member) && Array.isArray(member.type) ? member.type.filter((x) => x !== 'null') : [];
    if (type.length === 0) continue;
    made.push({
      kind: 'not-null',
      at: memberAt,
      actions: [
        {
          target: `${jsonPath(memberAt)}`,
          description: `${name}: never null in traffic`,
          update: { type: type.length === 1 ? type[0] : type },
        },
      ],
      seen: `${name}: not null in ${count} of ${present} objects that have it`,
    });
  }
  return made.length > 0 ? made : 'no member always present or never null';
}

function bodyProposal(tally: BodyTally, at: string): Made {
  const types = [...tally.types.keys()];
  const schema: Record<string, unknown> =
    types.length === 1
      ? { type: types[0] }
      : {
          type:
            types.includes('integer') && types.includes('number')
              ? types.filter((x) => x !== 'integer')
              : types,
        };
  if (types.length === 1 && types[0] === 'object') {
    schema.properties = Object.fromEntries(
      [...tally.members]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, seen]) => [name, { type: typeList(seen.types) }]),
    );
    const required = [...tally.members]
      .filter(([, seen]) => seen.count === tally.bodies)
      .map(([name]) => name)
      .sort();
    if (required.length > 0) schema.required = required;
  }
  const example = tally.example === undefined ? undefined : maskExample(tally.example);
  const media = {
    schema,
    ...(example === undefined
      ? {}
      : { examples: { seenInTraffic: { summary: 'Seen in traffic (masked)', value: example } } }),
  };
  const seen = `${tally.bodies} bodies: ${[...tally.types].map(([type, n]) => `${type} ${n}`).join(', ')}${
    tally.members.size > 0
      ? `; members ${[...tally.members].map(([name, s]) => `${name} ${s.count}`).join(', ')}`
      : ''
  }`;
  const shown = example === undefined ? undefined : JSON.stringify(example).slice(0, 200);
  if (tally.range) {
    // A status the contract covers by a range: the proposal adds it, open as the range is (body-open kept).
    const update = {
      [tally.code]: {
        description: `Seen in traffic: ${tally.code} (proposed).`,
        [EXTENSION.bodyOpen]: true,
        content: { [tally.mediaKey]: media },
      },
    };
    return {
      kind: 'body',
      at: `${tally.responseAt}/${tally.code}`,
      code: tally.code,
      actions: [
        { target: jsonPath(tally.responseAt), description: `the ${tally.code} bodies traffic shows`, update },
      ],
      seen,
      ...(shown ? { example: shown } : {}),
    };
  }
  const mediaAt = at.slice(0, at.lastIndexOf('/'));
  return {
    kind: 'body',
    at: tally.responseAt,
    code: tally.code,
    actions: [
      { target: jsonPath(at), description: 'the open schema is replaced by the shape seen', remove: true },
      { target: jsonPath(mediaAt), description: 'the shape traffic shows', update: media },
    ],
    seen,
    ...(shown ? { example: shown } : {}),
  };
}

function typeList(types: Set<string>): string | string[] {
  const list = [...types].map((type) => (type === 'integer' && types.has('number') ? 'number' : type));
  const unique = [...new Set(list)].sort();
  return unique.length === 1 ? (unique[0] as string) : unique;
}
