// Paths and operations family: which operations exist, their ids and deprecation; each operation's parts go
// to their own family (parameters, request bodies, responses, security).
import { httpMethods, isObject } from '@svc-contracts/openapi-utils';
import { compareParameters } from './parameters.js';
import { compareRequestBody } from './request-bodies.js';
import { compareResponses } from './responses.js';
import { compareOperationSecurity } from './security.js';
import { compareServers } from './servers.js';
import { child, documentation, type Json, type Loc, objectOr, rootLoc, show, type Walk } from './walk.js';
import { compareCallbacks } from './webhooks.js';

/** A path with its parameter names left out (`/a/{}`): two paths with the same template are one URL. */
const template = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
const parameterNames = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');

/** Old paths missing from the new document paired with the new path of the same template (only where the
 * template names one path on each side): a renamed path parameter is the same path. */
function renamedPaths(pathsBefore: Json, pathsAfter: Json): Map<string, string> {
  const gone = Object.keys(pathsBefore).filter((path) => !(path in pathsAfter));
  const fresh = Object.keys(pathsAfter).filter((path) => !(path in pathsBefore));
  const unique = (paths: string[], key: string) => paths.filter((path) => template(path) === key);
  const pairs = new Map<string, string>();
  for (const path of gone) {
    const key = template(path);
    const [other, ...more] = unique(fresh, key);
    const [, ...twins] = unique(Object.keys(pathsBefore), key);
    if (other !== undefined && more.length === 0 && twins.length === 0 && path.includes('{'))
      pairs.set(path, other);
  }
  return pairs;
}

export function comparePaths(walk: Walk): void {
  const pathsBefore = objectOr(walk.before.paths);
  const pathsAfter = objectOr(walk.after.paths);
  const renamed = renamedPaths(pathsBefore, pathsAfter);
  for (const [path, rawBefore] of Object.entries(pathsBefore)) {
    const loc = child(rootLoc('#/paths'), path);
    const newPath = renamed.get(path);
    if (newPath !== undefined) {
      const newLoc = child(rootLoc('#/paths'), newPath);
      const at = { p: newLoc.p, b: loc.b, a: newLoc.a };
      const namesAfter = parameterNames(newPath);
      walk.operation = undefined;
      walk.pathRenames = new Map();
      parameterNames(path).forEach((name, index) => {
        const other = namesAfter[index] ?? name;
        if (other === name) return;
        walk.pathRenames.set(name, other);
        walk.emit(
          'request-path-parameter-renamed',
          at,
          `path parameter \`{${name}}\` renamed \`{${other}}\` (\`${path}\` → \`${newPath}\`, the same URL template)`,
        );
      });
      pathItem(
        walk,
        walk.objectOf(walk.before, rawBefore),
        walk.objectOf(walk.after, pathsAfter[newPath]),
        at,
        newPath,
      );
      walk.pathRenames = new Map();
      continue;
    }
    const rawAfter = pathsAfter[path];
    if (rawAfter === undefined) {
      walk.operation = undefined;
      walk.emit('path-removed', loc, `removed path \`${path}\``, 'before');
      continue;
    }
    pathItem(walk, walk.objectOf(walk.before, rawBefore), walk.objectOf(walk.after, rawAfter), loc, path);
  }
  const matched = new Set(renamed.values());
  for (const [path, raw] of Object.entries(pathsAfter)) {
    if (path in pathsBefore || matched.has(path)) continue;
    const item = walk.objectOf(walk.after, raw);
    for (const method of httpMethods) {
      if (!isObject(item[method])) continue;
      walk.operation = `${method.toUpperCase()} ${path}`;
      walk.emit(
        'operation-added',
        child(rootLoc('#/paths'), path, method),
        `added operation \`${walk.operation}\``,
        'after',
      );
    }
  }
  walk.operation = undefined;
}

function pathItem(walk: Walk, before: Json, after: Json, loc: Loc, path: string): void {
  walk.operation = undefined;
  documentation(walk, before, after, loc);
  compareServers(walk, before, after, loc);
  for (const method of httpMethods) {
    const opBefore = before[method];
    const opAfter = after[method];
    const opLoc = child(loc, method);
    walk.operation = `${method.toUpperCase()} ${path}`;
    const label = `\`${walk.operation}\``;
    if (isObject(opBefore) && !isObject(opAfter)) {
      if (opBefore.deprecated === true)
        walk.emit('deprecated-operation-removed', opLoc, `removed deprecated operation ${label}`, 'before');
      else walk.emit('operation-removed', opLoc, `removed operation ${label}`, 'before');
    } else if (!isObject(opBefore) && isObject(opAfter))
      walk.emit('operation-added', opLoc, `added operation ${label}`, 'after');
    else if (isObject(opBefore) && isObject(opAfter))
      operation(walk, before, opBefore, after, opAfter, opLoc);
  }
}

function operation(walk: Walk, itemBefore: Json, before: Json, itemAfter: Json, after: Json, loc: Loc): void {
  documentation(walk, before, after, loc);
  compareServers(walk, before, after, loc);
  if (before.operationId !== after.operationId && before.operationId !== undefined)
    walk.emit(
      'operation-id-changed',
      child(loc, 'operationId'),
      after.operationId === undefined
        ? `operationId ${show(before.operationId)} removed`
        : `operationId ${show(before.operationId)} became ${show(after.operationId)}`,
    );
  if (before.deprecated !== true && after.deprecated === true)
    walk.emit('operation-deprecated', child(loc, 'deprecated'), 'operation deprecated', 'after');
  else if (before.deprecated === true && after.deprecated !== true)
    walk.emit('operation-reactivated', child(loc, 'deprecated'), 'operation no longer deprecated', 'before');
  compareParameters(walk, itemBefore, before, itemAfter, after, loc);
  compareRequestBody(walk, before.requestBody, after.requestBody, child(loc, 'requestBody'));
  compareResponses(walk, before.responses, after.responses, child(loc, 'responses'));
  compareOperationSecurity(walk, before, after, loc);
  compareCallbacks(walk, before, after, loc);
}
