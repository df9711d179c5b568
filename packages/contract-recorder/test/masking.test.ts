import { describe, expect, it } from 'vitest';
import { MASK, MASKED_BASIC, maskBody, maskHeaders, maskToken, maskUrl } from '../src/index.js';

const jwt =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwic2NvcGUiOiJhZ2VudHMifQ.c2lnbmF0dXJlLW9mLWEtZmFrZS10b2tlbg';

describe('maskHeaders', () => {
  it('masks credential headers and keeps the syntax a contract check needs', () => {
    const masked = maskHeaders([
      { name: 'Authorization', value: `Basic ${Buffer.from('client-id:s3cret-value').toString('base64')}` },
      { name: 'X-SVC-AGENTS-API-KEY', value: 'live_key_0123456789' },
      { name: 'X-API-Key', value: 'legacy-key-value' },
      { name: 'X-Client-Secret', value: 'another-secret' },
      { name: 'Proxy-Authorization', value: `Bearer ${jwt}` },
      { name: 'Cookie', value: 'session=abc123; theme=dark' },
      { name: 'Set-Cookie', value: 'session=abc123; Path=/; HttpOnly' },
    ]);
    expect(masked).toEqual([
      { name: 'Authorization', value: MASKED_BASIC },
      { name: 'X-SVC-AGENTS-API-KEY', value: MASK },
      { name: 'X-API-Key', value: MASK },
      { name: 'X-Client-Secret', value: MASK },
      { name: 'Proxy-Authorization', value: `Bearer ${MASK}.${MASK}.${MASK}` },
      { name: 'Cookie', value: `session=${MASK}; theme=${MASK}` },
      { name: 'Set-Cookie', value: `session=${MASK}; Path=/; HttpOnly` },
    ]);
    // Still Basic over base64 of user:password, so the masked recording passes the Basic check.
    expect(Buffer.from(MASKED_BASIC.slice('Basic '.length), 'base64').toString()).toBe(`${MASK}:${MASK}`);
  });

  it('keeps malformed Basic credentials malformed, so a recorded refusal still shows its reason', () => {
    const masked = (value: string) => maskHeaders([{ name: 'Authorization', value }])[0]?.value;
    // Not base64 at all (user:password sent in clear): still not base64, and the password is gone.
    expect(masked('Basic user:hunter2')).toBe(`Basic ${MASK}:${MASK}`);
    // base64 without a colon: still base64 without a colon.
    expect(masked(`Basic ${Buffer.from('only-a-user').toString('base64')}`)).toBe(
      `Basic ${Buffer.from(MASK).toString('base64')}`,
    );
    // An empty user id stays empty.
    expect(masked(`Basic ${Buffer.from(':hunter2').toString('base64')}`)).toBe(
      `Basic ${Buffer.from(`:${MASK}`).toString('base64')}`,
    );
    expect(masked('Basic ')).toBe('Basic ');
  });

  it('leaves every other header alone, the organization id and authentication challenges included', () => {
    const headers = [
      { name: 'Content-Type', value: 'application/json; charset=utf-8' },
      { name: 'X-SVC-ORGANIZATION-ID', value: '7' },
      { name: 'WWW-Authenticate', value: 'Basic realm="voice"' },
      { name: 'Accept', value: 'application/json' },
    ];
    expect(maskHeaders(headers)).toEqual(headers);
  });

  it('masks extra names given with --mask', () => {
    expect(maskHeaders([{ name: 'X-Tenant', value: 'acme' }], { names: ['x-tenant'] })).toEqual([
      { name: 'X-Tenant', value: MASK },
    ]);
  });
});

describe('maskUrl', () => {
  it('masks user info and query parameters named like credentials, nothing else', () => {
    expect(
      maskUrl('https://user:pass@agents.example.com/api/v1/x?limit=5&api_key=k1&access_token=t1&sig=abc#top'),
    ).toBe(
      `https://${MASK}@agents.example.com/api/v1/x?limit=5&api_key=${MASK}&access_token=${MASK}&sig=abc#top`,
    );
    expect(maskUrl('https://a.example.com/x?signature=s&clientSecret=c')).toBe(
      `https://a.example.com/x?signature=${MASK}&clientSecret=${MASK}`,
    );
    const plain =
      'https://dashboard.example.com/api/v2/accounts/9900000/inserviceNumbers?countryCodeA3=USA&areaCode=1919';
    expect(maskUrl(plain)).toBe(plain);
  });
});

describe('maskBody', () => {
  it('masks client_secret and password form fields and keeps the others', () => {
    expect(
      maskBody(
        'grant_type=client_credentials&client_secret=s3cret&scope=voice.webrtc&password=hunter2',
        'application/x-www-form-urlencoded',
      ),
    ).toBe(`grant_type=client_credentials&client_secret=${MASK}&scope=voice.webrtc&password=${MASK}`);
  });

  it('masks secret JSON properties at any depth, keeping the shape of a token', () => {
    const body = JSON.stringify({
      access_token: jwt,
      access_token_id: '8f14e45f-ea6a-4f2a-b97b-ee96b1ed686d',
      token_type: 'Bearer',
      expires_in: 3600,
      nested: [{ password: 'hunter2' }],
    });
    expect(JSON.parse(maskBody(body, 'application/json'))).toEqual({
      access_token: `${MASK}.${MASK}.${MASK}`,
      access_token_id: '8f14e45f-ea6a-4f2a-b97b-ee96b1ed686d',
      token_type: 'Bearer',
      expires_in: 3600,
      nested: [{ password: MASK }],
    });
  });

  it('masks XML leaf elements named like a secret, not containers or public keys', () => {
    const xml =
      '<Subscription><CallbackCredentials><BasicAuthentication><Username>cb</Username><Password>hunter2</Password></BasicAuthentication><PublicKey>MCow</PublicKey></CallbackCredentials></Subscription>';
    expect(maskBody(xml, 'application/xml; charset=utf-8')).toBe(xml.replace('hunter2', MASK));
  });

  it('returns a body with nothing to mask byte for byte, and leaves unknown media types alone', () => {
    const body = '{ "text": "Your table is ready",\n  "tag": "table-42" }';
    expect(maskBody(body, 'application/json; charset=utf-8')).toBe(body);
    expect(maskBody('password=x', 'text/plain')).toBe('password=x');
    expect(maskBody('{not json', 'application/json')).toBe('{not json');
  });

  it('maskToken keeps separators only', () => {
    expect(maskToken('ab-cd.ef_gh')).toBe(`${MASK}-${MASK}.${MASK}`);
    expect(maskToken('')).toBe('');
  });
});
