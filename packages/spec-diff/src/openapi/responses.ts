// Responses family: statuses (success or not), headers and media types; schemas on the response side.
import { isObject } from '@svc-contracts/openapi-utils';
import { compareContent } from './request-bodies.js';
import { compareSchemas } from './schemas.js';
import { child, documentation, type Loc, objectOr, same, type Walk } from './walk.js';

/** 1xx-3xx, their `1XX`-`3XX` ranges and `default` are what a call succeeds with; 4xx and 5xx are not. */
export function isSuccessStatus(status: string): boolean {
  return !/^[45]/.test(status);
}

export function compareResponses(walk: Walk, rawBefore: unknown, rawAfter: unknown, loc: Loc): void {
  const before = objectOr(rawBefore);
  const after = objectOr(rawAfter);
  for (const [status, responseBefore] of Object.entries(before)) {
    const statusLoc = child(loc, status);
    if (!(status in after)) {
      if (isSuccessStatus(status))
        walk.emit('response-success-status-removed', statusLoc, `removed response \`${status}\``, 'before');
      else
        walk.emit(
          'response-non-success-status-removed',
          statusLoc,
          `removed error response \`${status}\``,
          'before',
        );
      continue;
    }
    const { b, a, loc: at } = walk.resolvePair(responseBefore, after[status], statusLoc);
    if (!isObject(b) || !isObject(a)) continue;
    documentation(walk, b, a, at);
    headers(walk, b.headers, a.headers, child(at, 'headers'));
    links(walk, b.links, a.links, child(at, 'links'));
    compareContent(walk, b.content, a.content, child(at, 'content'), 'response', {
      removed: 'response-media-type-removed',
      added: 'response-media-type-added',
    });
  }
  for (const status of Object.keys(after))
    if (!(status in before))
      walk.emit('response-status-added', child(loc, status), `added response \`${status}\``, 'after');
}

function headers(walk: Walk, rawBefore: unknown, rawAfter: unknown, loc: Loc): void {
  const before = objectOr(rawBefore);
  const after = objectOr(rawAfter);
  for (const [name, header] of Object.entries(before)) {
    const at = child(loc, name);
    if (!(name in after)) {
      walk.emit('response-header-removed', at, `removed response header \`${name}\``, 'before');
      continue;
    }
    const pair = walk.resolvePair(header, after[name], at);
    const b = objectOr(pair.b);
    const a = objectOr(pair.a);
    documentation(walk, b, a, pair.loc);
    if (b.required === true && a.required !== true)
      walk.emit('response-header-became-optional', pair.loc, `response header \`${name}\` became optional`);
    else if (b.required !== true && a.required === true)
      walk.emit('response-header-became-required', pair.loc, `response header \`${name}\` became required`);
    if (b.schema !== undefined && a.schema !== undefined)
      compareSchemas(walk, b.schema, a.schema, child(pair.loc, 'schema'), 'response');
  }
  for (const name of Object.keys(after))
    if (!(name in before))
      walk.emit('response-header-added', child(loc, name), `added response header \`${name}\``, 'after');
}

/** What a link says about the call it leads to (its description aside). */
const linkKeys = ['operationId', 'operationRef', 'parameters', 'requestBody', 'server'] as const;

function links(walk: Walk, rawBefore: unknown, rawAfter: unknown, loc: Loc): void {
  const before = objectOr(rawBefore);
  const after = objectOr(rawAfter);
  for (const [name, link] of Object.entries(before)) {
    const at = child(loc, name);
    if (!(name in after)) {
      walk.emit('response-link-removed', at, `removed response link \`${name}\``, 'before');
      continue;
    }
    const pair = walk.resolvePair(link, after[name], at);
    const b = objectOr(pair.b);
    const a = objectOr(pair.a);
    documentation(walk, b, a, pair.loc);
    const changed = linkKeys.filter((key) => !same(b[key], a[key]));
    if (changed.length > 0)
      walk.emit(
        'response-link-changed',
        pair.loc,
        `response link \`${name}\` changed its ${changed.map((key) => `\`${key}\``).join(', ')}`,
      );
  }
  for (const name of Object.keys(after))
    if (!(name in before))
      walk.emit('response-link-added', child(loc, name), `added response link \`${name}\``, 'after');
}
