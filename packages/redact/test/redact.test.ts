import { fromBase64, toBase64, utf8Text } from '@svc-contracts/har';
import { describe, expect, it } from 'vitest';
import {
  collectSecrets,
  decodeBasic,
  MASK,
  MASKED_BASIC,
  maskBody,
  maskHeaders,
  maskSecrets,
  maskShape,
  maskToken,
  maskUrl,
  maskXmlMessage,
  SecretRegistry,
} from '../src/index.js';

const jwt =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwic2NvcGUiOiJhZ2VudHMifQ.c2lnbmF0dXJlLW9mLWEtZmFrZS10b2tlbg';
const basicOf = (user: string, password: string): string => `Basic ${toBase64(`${user}:${password}`)}`;

describe('maskHeaders', () => {
  it('masks credential headers and keeps the syntax a contract check needs', () => {
    expect(
      maskHeaders([
        { name: 'Authorization', value: basicOf('client-id', 's3cret-value') },
        { name: 'X-SVC-AGENTS-API-KEY', value: 'live_key_0123456789' },
        { name: 'X-Client-Secret', value: 'another-secret' },
        { name: 'Proxy-Authorization', value: `Bearer ${jwt}` },
        { name: 'Cookie', value: 'session=abc123; theme=dark' },
        { name: 'Set-Cookie', value: 'session=abc123; Path=/; HttpOnly' },
      ]),
    ).toEqual([
      { name: 'Authorization', value: MASKED_BASIC },
      { name: 'X-SVC-AGENTS-API-KEY', value: MASK },
      { name: 'X-Client-Secret', value: MASK },
      { name: 'Proxy-Authorization', value: `Bearer ${MASK}.${MASK}.${MASK}` },
      { name: 'Cookie', value: `session=${MASK}; theme=${MASK}` },
      { name: 'Set-Cookie', value: `session=${MASK}; Path=/; HttpOnly` },
    ]);
    expect(utf8Text(fromBase64(MASKED_BASIC.slice('Basic '.length)) ?? new Uint8Array())).toBe(
      `${MASK}:${MASK}`,
    );
  });

  it('keeps malformed Basic credentials malformed, so a recorded refusal still shows its reason', () => {
    const masked = (value: string) => maskHeaders([{ name: 'Authorization', value }])[0]?.value;
    expect(masked('Basic user:hunter2')).toBe(`Basic ${MASK}:${MASK}`);
    expect(masked(`Basic ${toBase64('only-a-user')}`)).toBe(`Basic ${toBase64(MASK)}`);
    expect(masked(`Basic ${toBase64(':hunter2')}`)).toBe(`Basic ${toBase64(`:${MASK}`)}`);
    expect(masked('Basic ')).toBe('Basic ');
  });

  it('leaves other headers alone, the organization id and challenges included, and takes extra names', () => {
    const headers = [
      { name: 'Content-Type', value: 'application/json' },
      { name: 'X-SVC-ORGANIZATION-ID', value: '7' },
      { name: 'WWW-Authenticate', value: 'Basic realm="voice"' },
    ];
    expect(maskHeaders(headers)).toEqual(headers);
    expect(maskHeaders([{ name: 'X-Tenant', value: 'acme' }], { names: ['x-tenant'] })).toEqual([
      { name: 'X-Tenant', value: MASK },
    ]);
  });
});

describe('maskUrl', () => {
  it('masks user info, credential query parameters and sig, nothing else', () => {
    expect(maskUrl('https://user:pass@a.example.com/x?limit=5&api_key=k1&access_token=t1&sig=abc#top')).toBe(
      `https://${MASK}@a.example.com/x?limit=5&api_key=${MASK}&access_token=${MASK}&sig=${MASK}#top`,
    );
    expect(maskUrl('/p?key=v&clientSecret=c&tenant=t', { names: ['tenant'] })).toBe(
      `/p?key=${MASK}&clientSecret=${MASK}&tenant=${MASK}`,
    );
    const plain = 'https://dashboard.example.com/api/v2/accounts/9900000/inserviceNumbers?areaCode=1919';
    expect(maskUrl(plain)).toBe(plain);
  });
});

describe('maskBody', () => {
  it('masks secret form fields and keeps the others', () => {
    expect(
      maskBody(
        'grant_type=client_credentials&client_secret=s3cret&password=hunter2',
        'application/x-www-form-urlencoded',
      ),
    ).toBe(`grant_type=client_credentials&client_secret=${MASK}&password=${MASK}`);
  });

  it('masks secret JSON properties at any depth, token shape kept, token_type and ids left', () => {
    const body = JSON.stringify({
      access_token: jwt,
      access_token_id: '8f14e45f',
      token_type: 'Bearer',
      nested: [{ password: 'hunter2' }],
    });
    expect(JSON.parse(maskBody(body, 'application/json'))).toEqual({
      access_token: `${MASK}.${MASK}.${MASK}`,
      access_token_id: '8f14e45f',
      token_type: 'Bearer',
      nested: [{ password: MASK }],
    });
  });

  it('masks non-string secrets: numbers stay numbers, nested values are masked leaf by leaf', () => {
    const masked = JSON.parse(
      maskBody(
        JSON.stringify({ secret: 12345678, api_key: { value: 'k-1234', rotated: true } }),
        'application/json',
      ),
    );
    expect(masked).toEqual({ secret: 0, api_key: { value: `${MASK}-${MASK}`, rotated: true } });
  });

  it('masks JSON sent under a text media type or none, and leaves prose alone', () => {
    const body = '{"password":"hunter2"}';
    expect(maskBody(body, 'text/plain')).toBe(`{"password":"${MASK}"}`);
    expect(maskBody(body, undefined)).toBe(`{"password":"${MASK}"}`);
    expect(maskBody('password=x', 'text/plain')).toBe('password=x');
    expect(maskBody('{not json', 'application/json')).toBe('{not json');
  });

  it('masks XML secrets in CDATA, after comments, behind namespace prefixes, and Authorization elements', () => {
    const xml = (inner: string) => `<Login>${inner}<User>bob</User></Login>`;
    expect(maskBody(xml('<Password><![CDATA[hunter2]]></Password>'), 'application/xml')).toBe(
      xml(`<Password>${MASK}</Password>`),
    );
    expect(maskBody(xml('<s:Password>hunter2</s:Password>'), 'text/xml')).toBe(
      xml(`<s:Password>${MASK}</s:Password>`),
    );
    expect(maskBody(xml('<Password><!-- c -->hunter2</Password>'), 'application/soap+xml')).toBe(
      xml(`<Password>${MASK}</Password>`),
    );
    expect(
      maskBody(xml(`<Authorization>${basicOf('bob', 'hunter2')}</Authorization>`), 'application/xml'),
    ).toBe(xml(`<Authorization>${MASKED_BASIC}</Authorization>`));
    expect(maskBody('<Login password="hunter2" user="bob"/>', 'application/xml')).toBe(
      `<Login password="${MASK}" user="bob"/>`,
    );
  });

  it('masks leaf elements, not containers or public keys, and returns untouched XML byte for byte', () => {
    const xml =
      '<Subscription><CallbackCredentials><Password>hunter2</Password><PublicKey>MCow</PublicKey></CallbackCredentials></Subscription>';
    expect(maskBody(xml, 'application/xml; charset=utf-8')).toBe(xml.replace('hunter2', MASK));
    const clean = '<Subscription><Name>x</Name></Subscription>';
    expect(maskBody(clean, 'application/xml')).toBe(clean);
  });
});

describe('masking by value', () => {
  it('masks a value as a whole token, never inside a longer word', () => {
    const secrets = collectSecrets({
      headers: [{ name: 'Authorization', value: basicOf('user', 'secret') }],
    });
    expect(secrets.mask('POST /v2/users/u-1/messages as user')).toBe(
      `POST /v2/users/u-1/messages as ${MASK}`,
    );
    expect(secrets.mask('{"login":"user","note":"secrets, username"}')).toBe(
      `{"login":"${MASK}","note":"secrets, username"}`,
    );
    // A value that starts or ends with punctuation is matched whatever stands beside that end.
    expect(maskSecrets('k=abc=123=', ['=123='])).toBe(`k=abc${MASK}`);
  });

  it('collects Basic user and password, bearer token, API keys, query and form secrets', () => {
    const secrets = collectSecrets({
      url: 'https://h.example.com/x?api_key=query-key-1&page=2',
      headers: [
        { name: 'Authorization', value: basicOf('client-7781', 'pass word+1') },
        { name: 'X-API-Key', value: 'header-key-2' },
        { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
      ],
      body: 'client_secret=form-secret-3&scope=a',
    });
    const text = [
      'user client-7781',
      'pw pass word+1',
      `urlencoded ${encodeURIComponent('pass word+1')}`,
      'form pass+word%2B1',
      `basic ${toBase64('client-7781:pass word+1')}`,
      'keys query-key-1 header-key-2 form-secret-3',
    ].join('\n');
    const masked = secrets.mask(text);
    for (const leaked of [
      'client-7781',
      'pass word',
      'pass%20word',
      'pass+word',
      'query-key-1',
      'header-key-2',
      'form-secret-3',
    ]) {
      expect(masked, leaked).not.toContain(leaked);
    }
    expect(masked).toContain(`basic ${toBase64(`${MASK}:${MASK}`)}`);
  });

  it('keeps a bearer token shape where it is echoed, and numbers numeric', () => {
    const secrets = new SecretRegistry().addAuthorization(`Bearer ${jwt}`).add('12345678');
    expect(secrets.mask(`{"echo":"${jwt}","pin":12345678}`)).toBe(`{"echo":"${maskToken(jwt)}","pin":0}`);
  });

  it('replaces everything with the bare mask when told not to keep syntax (logs and errors)', () => {
    const basic = toBase64('client-7781:pass-word-1');
    const secrets = new SecretRegistry({ keepSyntax: false })
      .addBasic(basic)
      .addAuthorization(`Bearer ${jwt}`);
    expect(secrets.mask(`${basic} ${jwt} 12345678`)).toBe(`${MASK} ${MASK} 12345678`);
    expect(new SecretRegistry({ keepSyntax: false }).add('12345678').mask('pin 12345678')).toBe(
      `pin ${MASK}`,
    );
  });

  it('masks bytes that are not text, and leaves short values and clean text alone', () => {
    const secrets = new SecretRegistry().add('s3cret-value').add('7');
    const bytes = new Uint8Array([0, 255, ...new TextEncoder().encode('s3cret-value'), 1]);
    expect([...secrets.maskBytes(bytes)]).toEqual([0, 255, ...new TextEncoder().encode(MASK), 1]);
    expect(secrets.mask('organization 7')).toBe('organization 7');
    expect(maskSecrets('nothing here', ['s3cret-value'])).toBe('nothing here');
    expect(new SecretRegistry().mask('x s3cret-value')).toBe('x s3cret-value');
  });
});

describe('maskShape', () => {
  it('keeps only the shape of a personal value: digits, letters by case, the rest as it is', () => {
    expect(maskShape('+14155550100')).toBe('+99999999999');
    expect(maskShape('Dana.Lee@example.com')).toBe('Aaaa.Aaa@aaaaaaa.aaa');
    expect(maskShape('(415) 555-0100')).toBe('(999) 999-9999');
    expect(maskShape('Zoë')).toBe('Aaa');
  });
});

describe('maskXmlMessage', () => {
  it('masks values the XML engine quotes for secret-named elements only', () => {
    expect(maskXmlMessage("line 3: element 'Password': 'hunter2' is not valid")).toBe(
      `line 3: element 'Password': '${MASK}' is not valid`,
    );
    expect(maskXmlMessage("element 's:Password': 'hunter2'")).toBe(`element 's:Password': '${MASK}'`);
    expect(maskXmlMessage("element 'SiteId': 'x' is not valid")).toBe("element 'SiteId': 'x' is not valid");
  });
});

describe('browser safety', () => {
  it('uses no Node-only API, so the clients can mask in a browser', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const dir = new URL('../src/', import.meta.url);
    const offenders: string[] = [];
    for (const name of await readdir(dir)) {
      const text = await readFile(new URL(name, dir), 'utf8');
      if (/\bBuffer\b|from 'node:|require\(/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')))
        offenders.push(name);
    }
    expect(offenders).toEqual([]);
  });
});

describe('decodeBasic', () => {
  const base64 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('base64');

  it('splits at the first colon, and refuses text that is not base64 or has no colon', () => {
    expect(decodeBasic(base64('user:pa:ss'))).toEqual({ user: 'user', password: 'pa:ss' });
    expect(decodeBasic(base64(':pass'))).toEqual({ user: '', password: 'pass' });
    expect(decodeBasic(base64('userpass'))).toBeUndefined();
    expect(decodeBasic('not base64!')).toBeUndefined();
  });

  it('refuses bytes that are not UTF-8 unless told to replace them, which keeps the colon where it is', () => {
    expect(decodeBasic(base64('\xe2:pass'))).toBeUndefined();
    expect(decodeBasic(base64('\xe2:pass'), { replaceInvalidUtf8: true })).toEqual({
      user: '\ufffd',
      password: 'pass',
    });
    expect(decodeBasic(base64('\xe2pass'), { replaceInvalidUtf8: true })).toBeUndefined();
  });

  it('decodes each credential on its own: a cut character at the end of one is not carried to the next', () => {
    const replace = { replaceInvalidUtf8: true };
    expect(decodeBasic(base64('user:p\xe2\x82'), replace)).toEqual({ user: 'user', password: 'p\ufffd' });
    expect(decodeBasic(base64('\xacuser:pass'), replace)).toEqual({ user: '\ufffduser', password: 'pass' });
  });
});
