import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startServer } from '../../client-runtime/test/support/local-server.js';
import { ConfigurationError, MessagingApiError, MessagingClient } from '../src/index.js';

const SECRET = 'messaging-api-secret-42';
const request = {
  from: '+14155550100',
  to: ['+14155550199', '+14155550142'],
  text: 'Your table for 4 is ready.',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  tag: 'table-42',
};

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((seen, res) =>
    sendJson(res, 202, {
      id: 'm-1',
      time: '2021-02-10T20:14:34.636Z',
      owner: '+14155550100',
      direction: 'out',
      ...JSON.parse(seen.body),
    }),
  );
});
afterEach(() => server.close());

const client = () =>
  new MessagingClient({
    baseUrl: server.origin,
    userId: '9900000',
    credentials: { username: 'api-token', password: SECRET },
  });

describe('MessagingClient', () => {
  it('sends a group message as UTF-8 JSON with Basic credentials', async () => {
    const message = await client().sendGroupMessage(request);
    expect(message).toMatchObject({ id: 'm-1', direction: 'out', to: request.to, tag: 'table-42' });
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: 'POST', url: '/v2/users/9900000/messages' });
    expect(seen?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen?.headers.authorization).toBe(`Basic ${btoa(`api-token:${SECRET}`)}`);
    expect(JSON.parse(seen?.body ?? '')).toEqual(request);
  });

  it('keeps numbers as E.164 strings', async () => {
    const message = await client().sendGroupMessage(request);
    expect(message.from).toBe('+14155550100');
    expect(typeof message.to?.[0]).toBe('string');
  });

  it('turns an error answer into a MessagingApiError with the parsed body', async () => {
    server.handle((_, res) =>
      sendJson(res, 400, { type: 'request-validation', description: 'text is too long' }),
    );
    const error = (await client()
      .sendGroupMessage(request)
      .catch((failure: unknown) => failure)) as MessagingApiError;
    expect(error).toBeInstanceOf(MessagingApiError);
    expect(error).toMatchObject({ status: 400, body: { type: 'request-validation' }, method: 'POST' });
    expect(error.message).toBe(
      `Messaging API answered 400 to POST ${server.origin}/v2/users/9900000/messages: text is too long`,
    );
  });

  it('never puts the secret in an error', async () => {
    server.handle((seen, res) =>
      sendJson(res, 401, { type: 'unauthorized', description: String(seen.headers.authorization) }),
    );
    const error = (await client()
      .sendGroupMessage(request)
      .catch((failure: unknown) => failure)) as MessagingApiError;
    const encoded = btoa(`api-token:${SECRET}`);
    expect(`${error.message}${JSON.stringify(error)}`).not.toContain(encoded);
    expect(error.message).toContain('REDACTED');
  });

  it('needs credentials and a userId', () => {
    expect(() => new MessagingClient({ baseUrl: server.origin, userId: 'u' } as never)).toThrow(
      ConfigurationError,
    );
    expect(
      () =>
        new MessagingClient({
          baseUrl: server.origin,
          userId: ' ',
          credentials: { username: 'a', password: 'b' },
        }),
    ).toThrow(/userId must be a non-empty string/);
  });
});
