/** The request cases of the mocks benchmark (bench/mocks/startup.ts), and how Prism refuses the XML one. */
import type { Answer, Call } from './http-load.ts';

const order = `<?xml version="1.0" encoding="UTF-8"?>
<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType>
<TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList>
</ExistingTelephoneNumberOrderType></Order>`;
const basic = `Basic ${Buffer.from('user:secret').toString('base64')}`;

export interface Case {
  id: 'agents-200' | 'agents-422' | 'numbers-xml-order';
  label: string;
  service: string;
  /** The documented path template, to find its examples. */
  template: string;
  call: Call;
  /** What our mock must answer. */
  status: number;
  /** What Prism must answer to be measured; undefined: whatever 2xx it answers, else it cannot. */
  prismStatus?: number;
}

export const cases: Case[] = [
  {
    id: 'agents-200',
    label: 'agents GET /api/v1/workflow/fetch?status=active (200 example)',
    service: 'agents',
    template: '/api/v1/workflow/fetch',
    call: {
      method: 'GET',
      path: '/api/v1/workflow/fetch?status=active',
      headers: { authorization: 'Bearer t' },
    },
    status: 200,
    prismStatus: 200,
  },
  {
    id: 'agents-422',
    label: 'agents GET /api/v1/organizations/usage/runs?limit=500 (422)',
    service: 'agents',
    template: '/api/v1/organizations/usage/runs',
    call: {
      method: 'GET',
      path: '/api/v1/organizations/usage/runs?limit=500',
      headers: { authorization: 'Bearer t' },
    },
    status: 422,
    prismStatus: 422,
  },
  {
    id: 'numbers-xml-order',
    label: 'numbers POST /api/v2/accounts/{accountId}/orders, valid XML order (200 XML)',
    service: 'numbers',
    template: '/api/v2/accounts/{accountId}/orders',
    call: {
      method: 'POST',
      path: '/api/v2/accounts/9900000/orders',
      headers: { authorization: basic, 'content-type': 'application/xml' },
      body: order,
    },
    status: 200,
  },
];

export function describeXmlRefusal(answer: Answer): string {
  const header = answer.headers['sl-violations'];
  let violations = '';
  try {
    const parsed = JSON.parse(String(header ?? '[]')) as Array<{ location?: string[]; message?: string }>;
    violations = parsed
      .filter((violation) => violation.location?.[0] === 'request')
      .map((violation) => violation.message)
      .join('; ');
  } catch {
    violations = String(header ?? '');
  }
  const status =
    answer.status === 422
      ? '422'
      : `${answer.status} (Prism answers a refused request with the operation's 422, else its 400, else its default response)`;
  return (
    'Prism validates an XML request body as if it were JSON against the object schema, so it refuses every ' +
    `XML body: it answered the valid order ${status}${violations ? `, "${violations}" in sl-violations` : ''}, ` +
    'and serves no XML order at all.'
  );
}
