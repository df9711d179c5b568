import { basic, form, json, type Recording } from '../call.ts';

// Source 001, D2: group messages. The error format of the messaging endpoint is not shown by the source;
// the bodies are plausible `{type, description}` objects.
const url = 'https://messaging.example.com/v2/users/9900000/messages';
const source = '001 D2';
const requestType = 'application/json; charset=utf-8';
const recipients = ['+14155550199', '+14155550142'];
const applicationId = '93de2206-9669-4e07-948d-329f4b722ee2';
const text = {
  from: '+14155550100',
  to: recipients,
  text: 'Your table for 4 is ready.',
  applicationId,
  tag: 'table-42',
};

export const messaging: Recording[] = [
  {
    path: 'recordings/messaging/send-group-message-202.har',
    source,
    calls: [
      {
        note: 'D2 a group text message to two recipients, with a tag (returned, and in every callback).',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 202,
        response: {
          body: json({
            id: '1589228074636lm4k2je7j7jklbn2',
            time: '2021-02-10T20:14:34.636Z',
            to: recipients,
            from: '+14155550100',
            text: text.text,
            applicationId,
            tag: 'table-42',
            owner: '+14155550100',
            direction: 'out',
          }),
        },
      },
      {
        note: 'D2 a group picture message (media URLs, no tag).',
        method: 'POST',
        url,
        auth: basic,
        body: json(
          {
            from: '+14155550100',
            to: [...recipients, '+14155550177'],
            text: "Tonight's menu",
            applicationId,
            media: ['https://media.example.com/menu.jpg', 'https://media.example.com/specials.png'],
          },
          requestType,
        ),
        status: 202,
        response: {
          body: json({
            id: '1589228074637ab4k2je7j7jklbn3',
            time: '2021-02-10T20:15:02.118Z',
            to: [...recipients, '+14155550177'],
            from: '+14155550100',
            text: "Tonight's menu",
            applicationId,
            owner: '+14155550100',
            media: ['https://media.example.com/menu.jpg', 'https://media.example.com/specials.png'],
            direction: 'out',
          }),
        },
      },
      {
        note: 'D2 sent as `application/json` without a charset, as the published vendor client (bandwidth-sdk 8.1.4) sends it: the source states no refusal of that form, so 202.',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, 'application/json'),
        status: 202,
        response: {
          body: json({
            id: '1589228074638cd4k2je7j7jklbn4',
            time: '2021-02-10T20:16:11.020Z',
            to: recipients,
            from: '+14155550100',
            text: text.text,
            applicationId,
            tag: 'table-42',
            owner: '+14155550100',
            direction: 'out',
          }),
        },
      },
      {
        note: 'D2 the same message answered 202 form-encoded: the source lists the fields of the group message but not the media type of the answer (*/*, not checked).',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 202,
        response: {
          body: form({ id: '1589228074636lm4k2je7j7jklbn4', owner: '+14155550100', direction: 'out' }),
        },
      },
    ],
  },
  {
    path: 'recordings/messaging/message-callback.har',
    source: '001 D2, Events',
    calls: [
      {
        note: 'D2 a group message sent with tag table-42 (202); the callbacks below are about it.',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 202,
        response: {
          body: json({
            id: '1589228074639ef4k2je7j7jklbn5',
            time: '2021-02-10T20:17:40.512Z',
            to: recipients,
            from: '+14155550100',
            text: text.text,
            applicationId,
            tag: 'table-42',
            owner: '+14155550100',
            direction: 'out',
          }),
        },
      },
      ...recipients.map((to, position): Recording['calls'][number] => ({
        note: `Events: a callback for the message above (recipient ${position + 1}), sent by the messaging service to the application's callback URL; it carries the message's tag. Told apart from a request by the entry's _webhook (messaging/messageCallback).`,
        method: 'POST',
        url: 'https://app.example.com/callbacks/messaging',
        body: json({
          type: 'message-delivered',
          time: `2021-02-10T20:17:4${2 + position}.002Z`,
          to,
          tag: 'table-42',
        }),
        status: 204,
        webhook: 'messaging/messageCallback',
      })),
      {
        note: "Events: a callback whose payload is a JSON array of events, each carrying the tag: the source does not show the payload's shape, so an array passes (no type is imposed); the receiver answers 200 with a plain-text body (x-body-open).",
        method: 'POST',
        url: 'https://app.example.com/callbacks/messaging',
        body: json([
          { type: 'message-delivered', time: '2021-02-10T20:17:45.002Z', to: recipients[0], tag: 'table-42' },
          { type: 'message-delivered', time: '2021-02-10T20:17:45.102Z', to: recipients[1], tag: 'table-42' },
        ]),
        status: 200,
        response: { body: { type: 'text/plain', text: 'OK' } },
        webhook: 'messaging/messageCallback',
      },
    ],
  },
  {
    path: 'recordings/messaging/send-group-message-400.har',
    source,
    calls: [
      {
        note: 'text of 2049 characters, one over the 2048 limit: 400 (rejected as expected).',
        method: 'POST',
        url,
        auth: basic,
        body: json({ ...text, text: 'x'.repeat(2049) }, requestType),
        status: 400,
        response: {
          body: json({ type: 'request-validation', description: 'text must be at most 2048 characters' }),
        },
      },
      {
        note: 'A recipient that is not E.164: 400 (rejected as expected).',
        method: 'POST',
        url,
        auth: basic,
        body: json({ ...text, to: ['4155550199'] }, requestType),
        status: 400,
        response: {
          body: json({
            type: 'request-validation',
            description: "'4155550199' must be an E.164 telephone number",
          }),
        },
      },
    ],
  },
  {
    path: 'recordings/messaging/send-group-message-401.har',
    source,
    calls: [
      {
        note: 'Wrong API token or secret: 401.',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 401,
        response: { body: json({ type: 'unauthorized', description: 'Authentication failed' }) },
      },
      {
        note: 'Wrong API token or secret, answered 401 without a body: the source shows no error format for messaging (x-body-open).',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 401,
      },
    ],
  },
  {
    path: 'recordings/messaging/send-group-message-4xx.har',
    source,
    calls: [
      {
        note: "A from number that is not one of the account's numbers: 403, under the declared 4XX.",
        method: 'POST',
        url,
        auth: basic,
        body: json({ ...text, from: '+14155550999' }, requestType),
        status: 403,
        response: {
          body: json({ type: 'forbidden', description: '+14155550999 is not a number of this account' }),
        },
      },
    ],
  },
  {
    path: 'recordings/messaging/send-group-message-4xx-validation.har',
    source,
    calls: [
      {
        note: 'A text of 2049 characters answered 422: the source states no validation status, so any 4xx is accepted (rejected as expected), under the declared 4XX.',
        method: 'POST',
        url,
        auth: basic,
        body: json({ ...text, text: 'x'.repeat(2049) }, requestType),
        status: 422,
        response: {
          body: json({ type: 'request-validation', description: 'text must be at most 2048 characters' }),
        },
      },
    ],
  },
  {
    path: 'recordings/messaging/send-group-message-5xx.har',
    source,
    calls: [
      {
        note: 'Server error: 500, under the declared 5XX.',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 500,
        response: { body: json({ type: 'internal-error', description: 'An internal error occurred' }) },
      },
      {
        note: 'A gateway in front of the service answers 502 with an HTML page: the source shows no error format for messaging (x-body-open).',
        method: 'POST',
        url,
        auth: basic,
        body: json(text, requestType),
        status: 502,
        response: { body: { type: 'text/html', text: '<html><body><h1>502 Bad Gateway</h1></body></html>' } },
      },
    ],
  },
];
