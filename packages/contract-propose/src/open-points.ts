import { isObject, type JsonObject, pointerOf, resolvePointer } from '@svc-contracts/openapi-utils';
import { isSensitiveName } from '@svc-contracts/redact';

/**
 * Where a schema leaves a point open, read from the words the specs use for it (specs/README.md, conventions:
 * "The provider's documentation leaves … open"), and never where the schema states a rule (an enum, a const,
 * a format, a pattern, a required list entry, a type without null).
 */
export interface SchemaPlan {
  /** JSON Pointer of the schema in the bundled document (`#/components/schemas/Run/properties/mode`). */
  at: string;
  /** A string whose values (enum) or only whose format the documents leave open. */
  open?: 'values' | 'format';
  /** The type admits null (an enum proposal keeps null). */
  nullable: boolean;
  /** An object whose members' presence (`required`) the documents leave open; `nulls`: their nullability too. */
  presence?: {
    nulls: boolean;
    members: string[];
    required: ReadonlySet<string>;
    nullable: ReadonlySet<string>;
  };
  /** Members whose nullability alone is left open. */
  nullOpen: ReadonlySet<string>;
  props: Map<string, SchemaPlan>;
  items?: SchemaPlan;
  branches: SchemaPlan[];
  /** JSON types the node admits, when it names them (to pick the branches of a oneOf). */
  types?: ReadonlySet<string>;
  /** Something below is worth walking. */
  useful: boolean;
}

const leavesOpen = /\bleaves\b[^.]*\bopen\b|\bnot shown\b/i;
const stated = ['enum', 'const', 'format', 'pattern'];

function openSentences(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  return description.split(/(?<=\.)\s+/).filter((sentence) => leavesOpen.test(sentence));
}

function typesOf(node: JsonObject): Set<string> | undefined {
  const type = node.type;
  if (typeof type === 'string') return new Set(type === 'number' ? ['number', 'integer'] : [type]);
  if (Array.isArray(type)) {
    const set = new Set(type.filter((t): t is string => typeof t === 'string'));
    if (set.has('number')) set.add('integer');
    return set;
  }
  return undefined;
}

/** The plans of one bundled document, compiled once per schema location. */
export class SchemaPlans {
  private readonly memo = new Map<string, SchemaPlan>();
  constructor(private readonly document: unknown) {}

  plan(at: string): SchemaPlan {
    const known = this.memo.get(at);
    if (known) return known;
    let node = resolvePointer(this.document, at);
    let where = at;
    for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 32; hops++) {
      where = node.$ref;
      node = resolvePointer(this.document, where);
    }
    const plan: SchemaPlan = {
      at: where,
      nullable: false,
      nullOpen: new Set(),
      props: new Map(),
      branches: [],
      useful: false,
    };
    this.memo.set(at, plan);
    if (!isObject(node)) return plan;
    const types = typesOf(node);
    if (types) plan.types = types;
    plan.nullable = types?.has('null') ?? false;
    const own = openSentences(node.description).join(' ');
    if (types?.has('string') && own !== '' && !stated.some((key) => key in node)) {
      if (/\bvalues\b/i.test(own)) plan.open = 'values';
      else if (/\bformat\b/i.test(own)) plan.open = 'format';
    }
    const properties = isObject(node.properties) ? node.properties : {};
    const required = new Set(
      Array.isArray(node.required) ? node.required.filter((n) => typeof n === 'string') : [],
    );
    const nullable = new Set<string>();
    const nullOpen = new Set<string>();
    for (const [name, child] of Object.entries(properties)) {
      if (isSensitiveName(name)) continue;
      const childAt = `${where}/properties/${pointerOf([name]).slice(2)}`;
      const childPlan = this.plan(childAt);
      if (childPlan.nullable && isObject(child) && !('$ref' in child)) {
        nullable.add(name);
        if (/\bnull/i.test(openSentences(child.description).join(' '))) nullOpen.add(name);
      }
      plan.props.set(name, childPlan);
    }
    plan.nullOpen = nullOpen;
    if (/required|always present/i.test(own))
      plan.presence = { nulls: /nullab/i.test(own), members: Object.keys(properties), required, nullable };
    if (node.items !== undefined) plan.items = this.plan(`${where}/items`);
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
      const list = node[keyword];
      if (Array.isArray(list))
        for (let i = 0; i < list.length; i++) plan.branches.push(this.plan(`${where}/${keyword}/${i}`));
    }
    for (const [name, child] of [...plan.props]) if (!child.useful) plan.props.delete(name);
    plan.branches = plan.branches.filter((branch) => branch.useful);
    if (plan.items && !plan.items.useful) delete plan.items;
    plan.useful =
      plan.open !== undefined ||
      plan.presence !== undefined ||
      nullOpen.size > 0 ||
      plan.props.size > 0 ||
      plan.items !== undefined ||
      plan.branches.length > 0;
    return plan;
  }
}

/** Whether a branch of a oneOf/anyOf can be the value's (by the JSON types it names). */
export function admits(plan: SchemaPlan, type: string): boolean {
  return plan.types === undefined || plan.types.has(type);
}

/** A schema that says nothing of a JSON body: any value (the open bodies' schemas). */
export function isAnySchema(document: unknown, schema: unknown): boolean {
  let node = schema;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 32; hops++)
    node = resolvePointer(document, node.$ref);
  if (!isObject(node)) return node === true || node === undefined;
  const shaping = ['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum', 'const', 'not'];
  return !shaping.some((key) => key in node);
}
