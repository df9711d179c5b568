import {
  deref,
  derefWithPointer,
  isObject,
  type JsonObject,
  pointerOf,
  resolvePointer,
} from '@svc-contracts/openapi-utils';
import { isSensitiveName } from '@svc-contracts/redact';

/** Where a schema leaves a point open, read from the words the specs use for it (specs/README.md conventions:
 * "The provider's documentation leaves … open"); never where the schema states the rule (an enum, a const, a
 * format, a pattern, a required member, a type without null). */
export interface SchemaPlan {
  /** JSON Pointer of the schema in the bundled document, `$ref`s followed. */
  at: string;
  /** A string whose values (so also its format), or only whose format, is left open. */
  open?: 'values' | 'format';
  nullable: boolean;
  /** `members`: whose presence is left open (all, or none); `nullOpen`: members whose nullability is. */
  presence?: { members: string[]; required: ReadonlySet<string>; nullOpen: string[] };
  props: Map<string, SchemaPlan>;
  items?: SchemaPlan;
  branches: SchemaPlan[];
  /** JSON types the node names (a oneOf branch is walked only for a value of its type). */
  types?: ReadonlySet<string>;
  /** Something at or below it is worth walking. */
  useful: boolean;
}

const leavesOpen = /\bleaves\b[^.]*\bopen\b|\bnot shown\b/i;

function openWords(description: unknown): string {
  if (typeof description !== 'string') return '';
  return description
    .split(/(?<=\.)\s+/)
    .filter((sentence) => leavesOpen.test(sentence))
    .join(' ');
}

function typesOf(node: JsonObject): Set<string> | undefined {
  const list = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
  if (!list) return undefined;
  const types = new Set(list.filter((type): type is string => typeof type === 'string'));
  if (types.has('number')) types.add('integer');
  return types;
}

/** The plans of one bundled document, compiled once per schema location. */
export class SchemaPlans {
  private readonly memo = new Map<string, SchemaPlan>();
  constructor(private readonly document: unknown) {}

  plan(site: string): SchemaPlan {
    const known = this.memo.get(site);
    if (known) return known;
    const { pointer: at, node } = derefWithPointer(this.document, resolvePointer(this.document, site), site);
    const plan: SchemaPlan = { at, nullable: false, props: new Map(), branches: [], useful: false };
    this.memo.set(site, plan);
    if (!isObject(node)) return plan;
    const types = typesOf(node);
    if (types) plan.types = types;
    plan.nullable = types?.has('null') ?? false;
    const own = openWords(node.description);
    if (types?.has('string') && own && !['enum', 'const', 'format', 'pattern'].some((key) => key in node))
      plan.open = /\bvalues\b/i.test(own) ? 'values' : /\bformat\b/i.test(own) ? 'format' : undefined;
    if (!plan.open) delete plan.open;
    const presenceOpen = /required|always present/i.test(own);
    const nullsOpen = /nullab/i.test(own);
    const nullOpen: string[] = [];
    const properties = isObject(node.properties) ? node.properties : {};
    for (const [name, child] of Object.entries(properties)) {
      if (isSensitiveName(name)) continue;
      const childPlan = this.plan(`${at}/properties/${pointerOf([name]).slice(2)}`);
      const typed = isObject(child) && !('$ref' in child);
      if (childPlan.nullable && typed && (nullsOpen || /\bnull/i.test(openWords(child.description))))
        nullOpen.push(name);
      if (childPlan.useful) plan.props.set(name, childPlan);
    }
    if (presenceOpen || nullOpen.length > 0) {
      const required = new Set<string>(Array.isArray(node.required) ? node.required : []);
      plan.presence = { members: presenceOpen ? Object.keys(properties) : [], required, nullOpen };
    }
    if (node.items !== undefined) plan.items = this.plan(`${at}/items`);
    if (plan.items && !plan.items.useful) delete plan.items;
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
      const list = node[keyword];
      for (let i = 0; Array.isArray(list) && i < list.length; i++) {
        const branch = this.plan(`${at}/${keyword}/${i}`);
        if (branch.useful) plan.branches.push(branch);
      }
    }
    plan.useful = Boolean(
      plan.open || plan.presence || plan.props.size || plan.items || plan.branches.length,
    );
    return plan;
  }
}

/** Whether a branch of a oneOf/anyOf can be the value's (by the JSON types it names). */
export function admits(plan: SchemaPlan, type: string): boolean {
  return plan.types === undefined || plan.types.has(type);
}

/** A schema that says nothing of a JSON body (the open bodies' schemas): any value. */
export function isAnySchema(document: unknown, schema: unknown): boolean {
  const node = deref(document, schema);
  if (!isObject(node)) return node === true || node === undefined;
  const shaping = ['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum', 'const', 'not'];
  return !shaping.some((key) => key in node);
}
