import { EXTENSION } from '@svc-contracts/contract-model';
import { escapePointer, isObject, resolvePointer, unescapePointer } from '@svc-contracts/openapi-utils';
import { isSecretField, MASK, maskShape } from '@svc-contracts/redact';
import { type BodyTally, formatTests, type PresenceTally, type Tallies, type ValueTally } from './tally.js';

/** How much traffic a proposal must rest on; the defaults propose nothing a few entries happen to show. */
export interface Thresholds {
  /** Fewest entries behind a proposal. */
  minEntries: number;
  /** Most values an enum proposal lists (it also needs 3 entries per value). */
  maxValues: number;
  /** Share of the values (objects) that must show a format (member) for it to be proposed: 1 is all. */
  minShare: number;
}

export const defaultThresholds: Thresholds = { minEntries: 20, maxValues: 12, minShare: 1 };

export type ProposalKind = 'enum' | 'format' | 'required' | 'not-null' | 'body';

export interface OverlayAction {
  target: string;
  description: string;
  update?: unknown;
  remove?: true;
}

/** One change a reviewer accepts or not: where (a JSON Pointer of the bundle), what, and the traffic behind it. */
export interface Proposal {
  kind: ProposalKind;
  service: string;
  at: string;
  /** The overlay actions (an open body's schema is replaced: a remove, then an update). */
  actions: OverlayAction[];
  entries: number;
  /** What was seen (values with counts, the format, the members). */
  seen: string;
  /** An example, masked: no credential, personal values only as their shape. */
  example?: string;
  /** The `x-source` sections of the operations behind it. */
  sources: string[];
  /** The status of a body proposal. */
  code?: string;
}

/** An open point traffic reached without settling it, and why. */
export interface Unsettled {
  service: string;
  at: string;
  entries: number;
  why: string;
}

// e164 is the pattern of specs/common/schemas/E164.yaml: the reviewer writes it as that $ref.
const formatUpdate = (format: string): object =>
  format === 'e164' ? { pattern: '^\\+[1-9]\\d{1,14}$' } : { format };

/** `#/paths/~1a~1{id}/get` → `$.paths['/a/{id}'].get`. */
export function jsonPath(pointer: string): string {
  const segments = pointer.replace(/^#?\//, '').split('/').map(unescapePointer);
  const step = (s: string) => (/^[A-Za-z_][\w-]*$/.test(s) ? `.${s}` : `['${s.replace(/[\\']/g, '\\$&')}']`);
  return `$${segments.map(step).join('')}`;
}

const isPersonal = (value: string): boolean => /\d{7}|^[+(]?\d[\d\s().-]{6,}$|^[^\s@]+@[^\s@]+$/.test(value);
const shown = (value: string): string => (isPersonal(value) ? maskShape(value) : value);

/** An example masked as the recorder masks (secret members), personal strings shown as their shape. */
export function maskExample(value: unknown, name = ''): unknown {
  if (isSecretField(name)) return typeof value === 'number' ? 0 : MASK;
  if (typeof value === 'string') return shown(value);
  if (Array.isArray(value)) return value.slice(0, 3).map((item) => maskExample(item, name));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, maskExample(member, key)]));
}

const byName = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0);

function counted(counts: Map<string, number>): string {
  const top = [...counts].sort((a, b) => b[1] - a[1] || byName(a, b)).slice(0, 6);
  const more = counts.size > top.length ? `, … (${counts.size} values)` : '';
  return top.map(([value, n]) => `${JSON.stringify(shown(value))} ${n}`).join(', ') + more;
}

type Made = Pick<Proposal, 'kind' | 'actions' | 'seen'> & Partial<Pick<Proposal, 'at' | 'example' | 'code'>>;

/** The proposals the tallies support under the thresholds, and the open points seen but not settled. */
export function proposalsOf(tallies: Tallies, t: Thresholds = defaultThresholds) {
  const proposals: Proposal[] = [];
  const unsettled: Unsettled[] = [];
  for (const [key, tally] of [...tallies.byAt].sort(byName)) {
    const service = key.slice(0, key.indexOf(' '));
    const at = key.slice(service.length + 1);
    const base = { service, at, entries: tally.entries, sources: [...tally.sources].sort() };
    const made =
      tally.entries < t.minEntries
        ? `fewer than ${t.minEntries} entries`
        : tally.kind === 'values'
          ? valueProposal(tally, at, t)
          : tally.kind === 'presence'
            ? presenceProposals(tally, at, t, tallies.documents.get(service))
            : [bodyProposal(tally, at)];
    if (typeof made === 'string') unsettled.push({ service, at, entries: tally.entries, why: made });
    else for (const proposal of made) proposals.push({ ...base, ...proposal });
  }
  return { proposals, unsettled };
}

function valueProposal(tally: ValueTally, at: string, t: Thresholds): Made[] | string {
  if (tally.strings === 0) return 'no string value seen';
  const name = unescapePointer(at.slice(at.lastIndexOf('/') + 1));
  // Ties and formats in a fixed order: shards merged propose what one run does.
  const top = [...tally.values].sort((a, b) => b[1] - a[1] || byName(a, b))[0]?.[0] ?? '';
  const format = formatTests.find(([f]) => (tally.formats.get(f) ?? 0) >= tally.strings * t.minShare)?.[0];
  const personal = format === 'e164' || format === 'email' || isPersonal(top);
  const example = personal ? maskShape(top) : top;
  const distinct = tally.values.size;
  const few = !tally.overflow && distinct <= t.maxValues && tally.entries >= 3 * distinct;
  if (tally.open === 'values' && few && tally.other === 0 && !personal) {
    const values = [...tally.values.keys()].sort();
    const update = { enum: tally.nullable ? [...values, null] : values };
    const seen = `${distinct} values: ${counted(tally.values)}${tally.nulls ? `, null ${tally.nulls}` : ''}`;
    const description = `${name}: the ${distinct} values traffic shows`;
    return [{ kind: 'enum', actions: [{ target: jsonPath(at), description, update }], seen, example }];
  }
  if (format) {
    const description = `${name}: every value seen is ${format}`;
    const actions = [{ target: jsonPath(at), description, update: formatUpdate(format) }];
    return [{ kind: 'format', actions, seen: `${tally.strings} values, ${format}`, example }];
  }
  const many = tally.overflow ? `more than ${distinct}` : `${distinct}`;
  return tally.open === 'values' ? `${many} distinct values and no common format` : 'no common format';
}

function presenceProposals(tally: PresenceTally, at: string, t: Thresholds, doc: unknown): Made[] | string {
  const made: Made[] = [];
  const { objects, plan } = tally;
  const always = plan.members
    .filter((name) => !plan.required.has(name) && (tally.present.get(name) ?? 0) >= objects * t.minShare)
    .sort();
  if (always.length > 0) {
    const actions = [
      { target: jsonPath(at), description: 'members in every object seen', update: { required: always } },
    ];
    made.push({ kind: 'required', actions, seen: `${always.join(', ')} in all ${objects} objects` });
  }
  for (const name of [...plan.nullOpen].sort()) {
    const present = tally.present.get(name) ?? 0;
    const nonNull = tally.nonNull.get(name) ?? 0;
    const memberAt = `${at}/properties/${escapePointer(name)}`;
    const member = resolvePointer(doc, memberAt);
    const type =
      isObject(member) && Array.isArray(member.type) ? member.type.filter((x) => x !== 'null') : [];
    if (nonNull === 0 || nonNull < present * t.minShare || type.length === 0) continue;
    const update = { type: type.length === 1 ? type[0] : type };
    const actions = [{ target: jsonPath(memberAt), description: `${name}: never null in traffic`, update }];
    made.push({ kind: 'not-null', at: memberAt, actions, seen: `${name}: not null in ${nonNull} objects` });
  }
  return made.length > 0 ? made : 'no member always present or never null';
}

function bodyProposal(tally: BodyTally, at: string): Made {
  const schema: Record<string, unknown> = { type: typeList(new Set(tally.types.keys())) };
  const members = [...tally.members].sort(byName);
  if (schema.type === 'object') {
    schema.properties = Object.fromEntries(members.map(([name, s]) => [name, { type: typeList(s.types) }]));
    const required = members.filter(([, seen]) => seen.count === tally.bodies).map(([name]) => name);
    if (required.length > 0) schema.required = required;
  }
  const example = tally.example === undefined ? undefined : maskExample(tally.example);
  const seenInTraffic = { summary: 'Seen in traffic (masked)', value: example };
  const media = { schema, ...(example === undefined ? {} : { examples: { seenInTraffic } }) };
  const list = (counts: Array<[string, number]>) => counts.map(([name, n]) => `${name} ${n}`).join(', ');
  const membersSeen = list(members.map(([name, s]) => [name, s.count]));
  const seen = `${tally.bodies} ${tally.code} bodies: ${list([...tally.types].sort(byName))}${membersSeen ? `; members ${membersSeen}` : ''}`;
  const shown = example === undefined ? {} : { example: JSON.stringify(example).slice(0, 200) };
  const text = { code: tally.code, ...shown };
  if (tally.range) {
    // A status the contract covers only by a range: proposed as a response of its own, as open as the range.
    const content = { [tally.mediaKey]: media };
    const response = { description: `Seen in traffic (proposed).`, [EXTENSION.bodyOpen]: true, content };
    const description = `the ${tally.code} bodies traffic shows`;
    const actions = [
      { target: jsonPath(at.slice(0, at.lastIndexOf('/'))), description, update: { [tally.code]: response } },
    ];
    return { kind: 'body', actions, seen, ...text };
  }
  const actions: OverlayAction[] = [
    { target: jsonPath(at), description: 'the open schema is replaced by the shape seen', remove: true },
    {
      target: jsonPath(at.slice(0, at.lastIndexOf('/'))),
      description: 'the shape traffic shows',
      update: media,
    },
  ];
  return { kind: 'body', at: tally.responseAt, actions, seen, ...text };
}

function typeList(types: Set<string>): string | string[] {
  const list = [
    ...new Set([...types].map((type) => (type === 'integer' && types.has('number') ? 'number' : type))),
  ];
  return list.length === 1 ? (list[0] as string) : list.sort();
}
