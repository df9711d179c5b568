// Request bodies family: presence, `required`, media types; the schemas are compared on the request side.
import { escapePointer, isObject, mediaTypeEssence } from '@svc-contracts/openapi-utils';
import type { CheckId } from '../catalogue/index.js';
import type { Direction } from '../change.js';
import { compareSchemas } from './schemas.js';
import { child, documentation, type Json, type Loc, objectOr, show, sided, type Walk } from './walk.js';

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
    if (mediaBefore.encoding !== undefined || mediaAfter.encoding !== undefined)
      compareEncoding(walk, typeAfter, mediaBefore, mediaAfter, at, direction);
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

/** The content types a part is sent in when its encoding does not say (OpenAPI's defaults, by its schema). */
function defaultPartType(walk: Walk, doc: Json, schema: unknown): string {
  const part = walk.objectOf(doc, schema);
  if (part.type === 'array') return defaultPartType(walk, doc, part.items);
  if (part.type === 'object') return 'application/json';
  if (part.format === 'binary' || part.contentEncoding !== undefined || part.contentMediaType !== undefined)
    return 'application/octet-stream';
  return part.type === undefined && Object.keys(part).length === 0
    ? 'application/octet-stream'
    : 'text/plain';
}

/** The multipart/form `encoding` of one media type, part by part: its content types (written or by default),
 * its required headers, and how a form part is written (style, explode, allowReserved). */
function compareEncoding(
  walk: Walk,
  type: string,
  before: Json,
  after: Json,
  loc: Loc,
  direction: 'request' | 'response',
): void {
  const encodingBefore = objectOr(before.encoding);
  const encodingAfter = objectOr(after.encoding);
  const propertiesOf = (doc: Json, media: Json) => objectOr(walk.objectOf(doc, media.schema).properties);
  const partsBefore = propertiesOf(walk.before, before);
  const partsAfter = propertiesOf(walk.after, after);
  const names = new Set([...Object.keys(encodingBefore), ...Object.keys(encodingAfter)]);
  const essence = mediaTypeEssence(type);
  const form = essence === 'application/x-www-form-urlencoded';
  const multipart = essence.startsWith('multipart/');
  for (const name of names) {
    // A part added or removed is its property's change; only parts on both sides are written differently.
    if (!(name in partsBefore) || !(name in partsAfter)) continue;
    const b = objectOr(encodingBefore[name]);
    const a = objectOr(encodingAfter[name]);
    const at: Loc = {
      p: `${loc.p}/encoding/${escapePointer(name)}`,
      b: name in encodingBefore ? `${loc.b}/encoding/${escapePointer(name)}` : loc.b,
      a: name in encodingAfter ? `${loc.a}/encoding/${escapePointer(name)}` : loc.a,
    };
    if (multipart) multipartPart(walk, name, b, a, partsBefore, partsAfter, at, direction);
    // style and explode shape arrays and objects; a single value is written the same whatever they say.
    if (
      !form ||
      !(structured(walk, walk.before, partsBefore[name]) || structured(walk, walk.after, partsAfter[name]))
    )
      continue;
    const style = (entry: Json) => (typeof entry.style === 'string' ? entry.style : 'form');
    const explode = (entry: Json) =>
      typeof entry.explode === 'boolean' ? entry.explode : style(entry) === 'form';
    const reserved = (entry: Json) => entry.allowReserved === true;
    const changed = [
      style(b) !== style(a) ? `style ${show(style(b))} became ${show(style(a))}` : '',
      explode(b) !== explode(a) ? `explode ${explode(b)} became ${explode(a)}` : '',
      reserved(b) !== reserved(a) ? `allowReserved ${reserved(b)} became ${reserved(a)}` : '',
    ].filter(Boolean);
    for (const reason of changed)
      walk.emit(sided(direction, 'encoding-changed'), at, `part \`${name}\`: ${reason}`);
  }
}

/** A multipart part: the content types it is sent in (written, or by default) and its required headers. */
function multipartPart(
  walk: Walk,
  name: string,
  b: Json,
  a: Json,
  partsBefore: Json,
  partsAfter: Json,
  at: Loc,
  direction: 'request' | 'response',
): void {
  const typesOf = (entry: Json, doc: Json, parts: Json) =>
    new Set(
      (typeof entry.contentType === 'string' ? entry.contentType : defaultPartType(walk, doc, parts[name]))
        .split(',')
        .map((one) => mediaTypeEssence(one.trim())),
    );
  const typesBefore = typesOf(b, walk.before, partsBefore);
  const typesAfter = typesOf(a, walk.after, partsAfter);
  const lost = [...typesBefore].filter((one) => !typesAfter.has(one));
  const gained = [...typesAfter].filter((one) => !typesBefore.has(one));
  if (lost.length > 0)
    walk.emit(
      sided(direction, 'encoding-narrowed'),
      at,
      `part \`${name}\` no longer in ${lost.map(show).join(', ')}`,
    );
  if (gained.length > 0)
    walk.emit(
      sided(direction, 'encoding-widened'),
      at,
      `part \`${name}\` may come in ${gained.map(show).join(', ')}`,
    );
  const required = (entry: Json, doc: Json) =>
    new Set(
      Object.entries(objectOr(entry.headers))
        .filter(([, header]) => walk.objectOf(doc, header).required === true)
        .map(([header]) => header.toLowerCase()),
    );
  const requiredBefore = required(b, walk.before);
  const requiredAfter = required(a, walk.after);
  for (const header of requiredAfter)
    if (!requiredBefore.has(header))
      walk.emit(sided(direction, 'encoding-narrowed'), at, `part \`${name}\` needs header \`${header}\``);
  for (const header of requiredBefore)
    if (!requiredAfter.has(header))
      walk.emit(
        sided(direction, 'encoding-widened'),
        at,
        `part \`${name}\` no longer needs header \`${header}\``,
      );
}

/** Whether a part's schema may be an array or an object (any of its alternatives, or no type at all). */
function structured(walk: Walk, doc: Json, schema: unknown, depth = 0): boolean {
  const part = walk.objectOf(doc, schema);
  const alternatives = [part.anyOf, part.oneOf].filter(Array.isArray).flat();
  if (part.type === undefined && alternatives.length > 0)
    return depth < 8 && alternatives.some((member) => structured(walk, doc, member, depth + 1));
  const types =
    typeof part.type === 'string' ? [part.type] : Array.isArray(part.type) ? part.type : undefined;
  return types === undefined || types.includes('array') || types.includes('object');
}
