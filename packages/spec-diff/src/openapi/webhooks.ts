// Webhooks family (3.1 `webhooks`): the service calls the client, so directions flip: the payload is read by
// the client (response side), the answer is written by it (request side).
import { httpMethods, isObject } from '@svc-contracts/openapi-utils';
import { compareContent } from './request-bodies.js';
import { child, documentation, objectOr, rootLoc, type Walk } from './walk.js';

export function compareWebhooks(walk: Walk): void {
  const before = objectOr(walk.before.webhooks);
  const after = objectOr(walk.after.webhooks);
  const root = rootLoc('#/webhooks');
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of names) {
    const itemBefore = walk.objectOf(walk.before, before[name]);
    const itemAfter = walk.objectOf(walk.after, after[name]);
    for (const method of httpMethods) {
      const b = itemBefore[method];
      const a = itemAfter[method];
      const loc = child(root, name, method);
      walk.operation = `webhook ${name} ${method.toUpperCase()}`;
      if (isObject(b) && !isObject(a))
        walk.emit('webhook-removed', loc, `removed webhook \`${name}\``, 'before');
      else if (!isObject(b) && isObject(a))
        walk.emit('webhook-added', loc, `added webhook \`${name}\``, 'after');
      else if (isObject(b) && isObject(a)) {
        documentation(walk, b, a, loc);
        const body = walk.resolvePair(b.requestBody, a.requestBody, child(loc, 'requestBody'));
        compareContent(
          walk,
          objectOr(body.b).content,
          objectOr(body.a).content,
          child(body.loc, 'content'),
          'response',
          {
            removed: 'webhook-media-type-removed',
            added: 'webhook-media-type-added',
          },
        );
        const responsesBefore = objectOr(b.responses);
        const responsesAfter = objectOr(a.responses);
        for (const [status, raw] of Object.entries(responsesBefore)) {
          if (!(status in responsesAfter)) continue;
          const pair = walk.resolvePair(raw, responsesAfter[status], child(loc, 'responses', status));
          // The client writes the answer: a media type it may no longer use is a request media type removed.
          compareContent(
            walk,
            objectOr(pair.b).content,
            objectOr(pair.a).content,
            child(pair.loc, 'content'),
            'request',
            {
              removed: 'request-media-type-removed',
              added: 'request-media-type-added',
            },
          );
        }
      }
    }
  }
  walk.operation = undefined;
}
