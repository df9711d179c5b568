// Security family: each operation's effective requirement (its own `security`, else the root's) compared
// alternative by alternative, and `components.securitySchemes`. Our clients refuse, before sending, a call
// whose credentials do not satisfy the operation's security, so a narrower requirement breaks them.
import { isObject } from '@svc-contracts/openapi-utils';
import { child, type Json, type Loc, objectOr, rootLoc, same, show, type Walk } from './walk.js';

type Requirement = Map<string, string[]>;

/** The alternatives of an operation; no requirement (absent or `[]`) is one anonymous alternative. */
function alternatives(doc: Json, operation: Json): { list: Requirement[]; own: boolean } {
  const own = Array.isArray(operation.security);
  const raw = own
    ? (operation.security as unknown[])
    : Array.isArray(doc.security)
      ? (doc.security as unknown[])
      : [];
  const list = raw
    .filter(isObject)
    .map(
      (alternative) =>
        new Map(
          Object.entries(alternative).map(([scheme, scopes]) => [
            scheme,
            Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
          ]),
        ),
    );
  return { list: list.length > 0 ? list : [new Map()], own };
}

const keyOf = (requirement: Requirement) => [...requirement.keys()].sort().join(' + ');
const label = (key: string) => (key === '' ? 'anonymous access' : `security alternative \`${key}\``);

export function compareOperationSecurity(walk: Walk, before: Json, after: Json, opLoc: Loc): void {
  const b = alternatives(walk.before, before);
  const a = alternatives(walk.after, after);
  const loc: Loc = {
    p: a.own ? `${opLoc.a}/security` : b.own ? `${opLoc.b}/security` : '#/security',
    b: b.own ? `${opLoc.b}/security` : '#/security',
    a: a.own ? `${opLoc.a}/security` : '#/security',
  };
  const afterByKey = new Map(a.list.map((requirement) => [keyOf(requirement), requirement]));
  const beforeKeys = new Set(b.list.map(keyOf));
  for (const requirement of b.list) {
    const key = keyOf(requirement);
    const other = afterByKey.get(key);
    if (!other) {
      walk.emit(
        'security-requirement-removed',
        loc,
        `${label(key)} removed: calls authenticated only that way are refused`,
      );
      continue;
    }
    for (const [scheme, scopes] of requirement) {
      const scopesAfter = other.get(scheme) ?? [];
      const added = scopesAfter.filter((scope) => !scopes.includes(scope));
      const removed = scopes.filter((scope) => !scopesAfter.includes(scope));
      if (added.length > 0)
        walk.emit(
          'security-scope-added',
          loc,
          `\`${scheme}\` now also needs scope ${added.map((s) => show(s)).join(', ')}`,
        );
      if (removed.length > 0)
        walk.emit(
          'security-scope-removed',
          loc,
          `\`${scheme}\` no longer needs scope ${removed.map((s) => show(s)).join(', ')}`,
        );
    }
  }
  for (const key of afterByKey.keys())
    if (!beforeKeys.has(key)) walk.emit('security-requirement-added', loc, `${label(key)} added`);
}

const schemeKeys = ['type', 'in', 'name', 'scheme', 'openIdConnectUrl'] as const;
const flowKeys = ['authorizationUrl', 'tokenUrl'] as const;

export function compareSecuritySchemes(walk: Walk): void {
  walk.operation = undefined;
  const before = objectOr(objectOr(walk.before.components).securitySchemes);
  const after = objectOr(objectOr(walk.after.components).securitySchemes);
  const root = rootLoc('#/components/securitySchemes');
  for (const [name, rawBefore] of Object.entries(before)) {
    const loc = child(root, name);
    if (!(name in after)) {
      walk.emit('security-scheme-removed', loc, `removed security scheme \`${name}\``, 'before');
      continue;
    }
    const pair = walk.resolvePair(rawBefore, after[name], loc);
    const b = objectOr(pair.b);
    const a = objectOr(pair.a);
    for (const key of schemeKeys)
      if (!same(b[key], a[key]))
        walk.emit(
          'security-scheme-changed',
          child(pair.loc, key),
          `security scheme \`${name}\` ${key} ${show(b[key] ?? null)} became ${show(a[key] ?? null)}`,
        );
    const flowsBefore = objectOr(b.flows);
    const flowsAfter = objectOr(a.flows);
    for (const [flow, rawFlow] of Object.entries(flowsBefore)) {
      const flowLoc = child(pair.loc, 'flows', flow);
      const fb = objectOr(rawFlow);
      if (!(flow in flowsAfter)) {
        walk.emit(
          'security-scheme-changed',
          flowLoc,
          `security scheme \`${name}\` lost its ${flow} flow`,
          'before',
        );
        continue;
      }
      const fa = objectOr(flowsAfter[flow]);
      for (const key of flowKeys)
        if (!same(fb[key], fa[key]))
          walk.emit(
            'security-scheme-changed',
            child(flowLoc, key),
            `security scheme \`${name}\` ${flow} ${key} ${show(fb[key] ?? null)} became ${show(fa[key] ?? null)}`,
          );
      const scopesBefore = objectOr(fb.scopes);
      const scopesAfter = objectOr(fa.scopes);
      for (const scope of Object.keys(scopesBefore))
        if (!(scope in scopesAfter))
          walk.emit(
            'security-scheme-scope-removed',
            child(flowLoc, 'scopes', scope),
            `security scheme \`${name}\` no longer offers scope \`${scope}\``,
            'before',
          );
      for (const scope of Object.keys(scopesAfter))
        if (!(scope in scopesBefore))
          walk.emit(
            'security-scheme-scope-added',
            child(flowLoc, 'scopes', scope),
            `security scheme \`${name}\` offers scope \`${scope}\``,
            'after',
          );
    }
  }
  for (const name of Object.keys(after))
    if (!(name in before))
      walk.emit('security-scheme-added', child(root, name), `added security scheme \`${name}\``, 'after');
}
