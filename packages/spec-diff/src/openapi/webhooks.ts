// Webhooks family (3.1 `webhooks`, and operations' `callbacks`): the service calls the client, so directions
// flip: the payload is read by the client (response side), the answer is written by it (request side).
import { httpMethods, isObject } from '@svc-contracts/openapi-utils';
import { compareContent } from './request-bodies.js';
import { child, documentation, type Json, type Loc, objectOr, rootLoc, type Walk } from './walk.js';

export function compareWebhooks(walk: Walk): void {
  const before = objectOr(walk.before.webhooks);
  const after = objectOr(walk.after.webhooks);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)]))
    incoming(walk, before[name], after[name], child(rootLoc('#/webhooks'), name), `webhook ${name}`);
  walk.operation = undefined;
}

/** An operation's `callbacks`: each expression's path item, judged like a webhook. */
export function compareCallbacks(walk: Walk, before: Json, after: Json, opLoc: Loc): void {
  const callbacksBefore = objectOr(before.callbacks);
  const callbacksAfter = objectOr(after.callbacks);
  const operation = walk.operation;
  for (const name of new Set([...Object.keys(callbacksBefore), ...Object.keys(callbacksAfter)])) {
    const pair = walk.resolvePair(
      callbacksBefore[name],
      callbacksAfter[name],
      child(opLoc, 'callbacks', name),
    );
    const b = objectOr(pair.b);
    const a = objectOr(pair.a);
    for (const expression of new Set([...Object.keys(b), ...Object.keys(a)]))
      incoming(
        walk,
        b[expression],
        a[expression],
        child(pair.loc, expression),
        `callback ${name} of ${operation}`,
      );
  }
  walk.operation = operation;
}

/** One path item the service calls: each method removed, added, or its payload and answer compared. */
function incoming(walk: Walk, rawBefore: unknown, rawAfter: unknown, loc: Loc, label: string): void {
  const itemBefore = walk.objectOf(walk.before, rawBefore);
  const itemAfter = walk.objectOf(walk.after, rawAfter);
  for (const method of httpMethods) {
    const b = itemBefore[method];
    const a = itemAfter[method];
    const at = child(loc, method);
    walk.operation = `${label} ${method.toUpperCase()}`;
    if (isObject(b) && !isObject(a)) walk.emit('webhook-removed', at, `removed ${label}`, 'before');
    else if (!isObject(b) && isObject(a)) walk.emit('webhook-added', at, `added ${label}`, 'after');
    else if (isObject(b) && isObject(a)) {
      documentation(walk, b, a, at);
      const body = walk.resolvePair(b.requestBody, a.requestBody, child(at, 'requestBody'));
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
        const pair = walk.resolvePair(raw, responsesAfter[status], child(at, 'responses', status));
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
