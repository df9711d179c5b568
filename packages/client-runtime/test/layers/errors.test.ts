import { describe, expect, it } from 'vitest';
import { InvalidRequestError, NetworkError, TimeoutError } from '../../src/errors.js';
import { errorLayer } from '../../src/layers/errors.js';
import { context, outgoing } from './support.js';

describe('error-mapping layer', () => {
  const fetchFailed = Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED https://u:s3cret@api.example.com'), {
      code: 'ECONNREFUSED',
    }),
  });
  // given: what the wire throws and whether the call was aborted; want: what the caller gets
  it.each([
    {
      name: 'a transport failure becomes a NetworkError',
      thrown: fetchFailed,
      abortWith: undefined,
      want: NetworkError,
    },
    {
      name: 'the SDK’s own errors pass as they are',
      thrown: new InvalidRequestError('bad'),
      abortWith: undefined,
      want: InvalidRequestError,
    },
    {
      name: 'an aborted call throws its reason',
      thrown: new Error('This operation was aborted'),
      abortWith: new TimeoutError(5),
      want: TimeoutError,
    },
    { name: 'a synchronous throw is mapped too', thrown: 'sync', abortWith: undefined, want: NetworkError },
  ])('$name', async ({ thrown, abortWith, want }) => {
    const call = context();
    const caller = new AbortController();
    call.deadline.watch(caller.signal);
    if (abortWith !== undefined) caller.abort(abortWith);
    const next = () => {
      if (thrown === 'sync') throw new TypeError('Invalid header value');
      return Promise.reject(thrown);
    };
    const pending = errorLayer(() => ['s3cret'])(next)(outgoing(), call);
    await expect(pending).rejects.toBeInstanceOf(want);
    const error = await pending.catch((caught: unknown) => caught);
    expect(JSON.stringify(error)).not.toContain('s3cret');
  });

  it('names the method and URL and keeps the code', async () => {
    const pending = errorLayer(() => [])(() => Promise.reject(fetchFailed))(
      outgoing({ method: 'PUT' }),
      context(),
    );
    await expect(pending).rejects.toMatchObject({
      method: 'PUT',
      url: 'https://api.example.com/items',
      code: 'ECONNREFUSED',
    });
  });
});
