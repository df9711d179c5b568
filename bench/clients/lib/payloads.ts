// The request content every variant of a call sends (values of the specs' examples).
import { runFilter } from '@svc-contracts/agents-client';
import type { Order } from '@svc-contracts/numbers-client';

export const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
export const credentials = { username: 'bench-user', password: 'bench-password' };
export const authorization = basic(credentials.username, credentials.password);
export const accountId = '9900000';

// The same request content for our client, the raw fetch and bandwidth-sdk (values of the specs' examples).
export const message = {
  from: '+14155550100',
  to: ['+14155550199', '+14155550142'],
  text: 'Your table for 4 is ready.',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  tag: 'table-42',
};
// bandwidth-sdk types `to` as a Set (serialized as an array); the JSON sent is the same.
export const bandwidthMessage = { ...message, to: new Set(message.to) };
export const call = {
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/voice/answer',
  answerMethod: 'POST' as const,
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
  tag: 'order-4711',
};
export const code = {
  to: '+14155550199',
  from: '+14155550100',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  scope: '2FA',
  digits: 6,
  message: 'Your verification code is {CODE}',
};
export const order: Order = {
  SiteId: '12345',
  PartialAllowed: false,
  ExistingTelephoneNumberOrderType: {
    TelephoneNumberList: { TelephoneNumber: ['+14155550100', '+14155550101'] },
  },
};
// The body of the lighter context variant, written out by hand: what our client and fast-xml-parser build.
export const orderXml = `<?xml version="1.0" encoding="UTF-8"?>\n<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber><TelephoneNumber>+14155550101</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>`;
export const filters = [runFilter.campaignId(381), runFilter.duration({ min: 30, max: 300 })];
export const agentHeaders = { 'X-SVC-AGENTS-API-KEY': 'sk-bench', 'X-SVC-ORGANIZATION-ID': '42' };
