// Request bodies family: presence, `required`, media types; the schemas are compared on the request side.
import { escapePointer, isObject, mediaTypeEssence } from '@svc-contracts/openapi-utils';
import type { CheckId } from '../catalogue/index.js';
import type { Direction } from '../change.js';
import { compareSchemas } from './schemas.js';
import { child, documentation, type Loc, objectOr, type Walk } from './walk.js';

/** Media types of a body: removed, added, and each common one's schema compared on `direction`. */
export function compareContent(
  walk: Walk,
  rawBefore: unknown,
  rawAfter: unknown,
  loc: Loc,
  direction: Direction,
  ids: { removed: CheckId; added: CheckId },
): void {
  const before = objectOr(rawBefore);
  const after = objectOr(rawAfter);
  const compare = (typeBefore: string, typeAfter: string, at: Loc) => {
    const mediaBefore = before[typeBefore];
    const mediaAfter = after[typeAfter];
    if (!isObject(mediaAfter) || !isObject(mediaBefore)) return;
    documentation(walk, mediaBefore, mediaAfter, at);
    if (mediaBefore.schema !== undefined && mediaAfter.schema !== undefined)
      compareSchemas(walk, mediaBefore.schema, mediaAfter.schema, child(at, 'schema'), direction);
  };
  const addedTypes = Object.keys(after).filter((type) => !(type in before));
  for (const type of Object.keys(before)) {
    const at = child(loc, type);
    if (type in after) {
      compare(type, type, at);
      continue;
    }
    walk.emit(ids.removed, at, `removed media type \`${type}\``, 'before');
    // The same media type with other parameters (`; charset=utf-8` dropped): its schema still compared.
    const matches = addedTypes.filter((other) => mediaTypeEssence(other) === mediaTypeEssence(type));
    const [renamed] = matches;
    if (matches.length === 1 && renamed !== undefined)
      compare(type, renamed, {
        p: `${loc.p}/${escapePointer(renamed)}`,
        b: at.b,
        a: `${loc.a}/${escapePointer(renamed)}`,
      });
  }
  for (const type of addedTypes)
    walk.emit(ids.added, child(loc, type), `added media type \`${type}\``, 'after');
}

export function compareRequestBody(walk: Walk, rawBefore: unknown, rawAfter: unknown, from: Loc): void {
  if (rawBefore === undefined && rawAfter === undefined) return;
  const { b, a, loc } = walk.resolvePair(rawBefore, rawAfter, from);
  if (!isObject(a)) {
    walk.emit('request-body-removed', loc, 'removed request body', 'before');
    return;
  }
  if (!isObject(b)) {
    if (a.required === true)
      walk.emit('request-body-added-required', loc, 'added required request body', 'after');
    else walk.emit('request-body-added-optional', loc, 'added optional request body', 'after');
    return;
  }
  if (b.required !== true && a.required === true)
    walk.emit('request-body-became-required', loc, 'request body became required');
  if (b.required === true && a.required !== true)
    walk.emit('request-body-became-optional', loc, 'request body became optional');
  documentation(walk, b, a, loc);
  compareContent(walk, b.content, a.content, child(loc, 'content'), 'request', {
    removed: 'request-media-type-removed',
    added: 'request-media-type-added',
  });
}
