// Writes the recordings of contract-tests/tool-exports/: the same traffic as the exporters write it,
// from each tool's documented HAR shape (see README.md here for the sources), built on entries of the
// positive set (recordings/). The expected verdicts are in README.md's tables, which the test reads.
//
//   pnpm exec tsx contract-tests/tool-exports/generate.ts
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Har, HarEntry, HarNameValue } from '@svc-contracts/har';

const root = dirname(fileURLToPath(import.meta.url));
const recordings = join(root, '..', 'recordings');

async function firstEntry(file: string): Promise<HarEntry> {
  const har = JSON.parse(await readFile(join(recordings, file), 'utf8')) as Har;
  const entry = har.log.entries[0];
  if (!entry) throw new Error(`${file} has no entry`);
  const { comment: _comment, ...rest } = entry;
  return structuredClone(rest);
}

const getAgent = await firstEntry('agents/get-agent-200.har');
const listRuns = await firstEntry('agents/list-runs-200.har');
const sendMessage = await firstEntry('messaging/send-group-message-202.har');
const createOrder = await firstEntry('numbers/create-order-200.har');

type Entry = HarEntry & Record<string, unknown>;

/** An entry of the traffic, changed by `change` (a deep copy: the bases stay as they are). */
function from(base: HarEntry, change: (entry: Entry) => void = () => {}): Entry {
  const entry = structuredClone(base) as Entry;
  change(entry);
  return entry;
}

function header(headers: HarNameValue[], name: string): string | undefined {
  return headers.find((field) => field.name.toLowerCase() === name.toLowerCase())?.value;
}

function withoutHeaders(headers: HarNameValue[], ...names: string[]): HarNameValue[] {
  const drop = new Set(names.map((name) => name.toLowerCase()));
  return headers.filter((field) => !drop.has(field.name.toLowerCase()));
}

/** An entry of traffic that is not ours: a page, a script, a font, a beacon. */
function foreign(
  method: string,
  url: string,
  status: number,
  mimeType: string,
  size: number,
  extra: Partial<Entry> = {},
): Entry {
  return {
    startedDateTime: '2025-03-14T09:22:58.100Z',
    time: 12,
    request: {
      method,
      url,
      httpVersion: 'http/2.0',
      cookies: [],
      headers: [
        { name: ':authority', value: new URL(url).host },
        { name: 'user-agent', value: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
      ],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'http/2.0',
      cookies: [],
      headers: [{ name: 'content-type', value: mimeType }],
      content: { size, mimeType },
      redirectURL: '',
      headersSize: -1,
      bodySize: size,
      _transferSize: size + 120,
    } as Entry['response'],
    cache: {},
    timings: { blocked: 1, dns: -1, connect: -1, send: 0, wait: 10, receive: 1, ssl: -1 },
    ...extra,
  };
}

/** What Chrome DevTools adds to every entry it exports. */
function chrome(
  entry: Entry,
  resourceType: string,
  initiator: Record<string, unknown> = { type: 'script' },
): Entry {
  return {
    _initiator: initiator,
    _priority: 'High',
    _resourceType: resourceType,
    pageref: 'page_1',
    connection: '443',
    serverIPAddress: '203.0.113.10',
    ...entry,
    _transferSize: entry.response.bodySize > 0 ? entry.response.bodySize + 180 : 180,
  };
}

function har(creator: { name: string; version: string }, entries: Entry[], extra: object = {}): string {
  return `${JSON.stringify({ log: { version: '1.2', creator, ...extra, entries } }, null, 2)}\n`;
}

const chromeCreator = { name: 'WebInspector', version: '537.36' };
const chromePages = {
  pages: [
    {
      startedDateTime: '2025-03-14T09:22:58.000Z',
      id: 'page_1',
      title: 'https://app.example.com/',
      pageTimings: { onContentLoad: 310, onLoad: 520 },
    },
  ],
};

const files = new Map<string, string>();

// Chrome DevTools, Network panel, "Export HAR (with sensitive data)..." of a web app calling agents.
files.set(
  'chrome/app-session.har',
  har(
    chromeCreator,
    [
      chrome(foreign('GET', 'https://app.example.com/', 200, 'text/html', 2310), 'document', {
        type: 'other',
      }),
      // An endpoint of our API that no operation documents: a real finding, even before the first
      // entry that shows agents.example.com is ours (#6).
      chrome(
        from(listRuns, (entry) => {
          entry.request.url = 'https://agents.example.com/api/v1/organizations/usage/run-export';
          entry.request.queryString = [];
        }),
        'fetch',
      ),
      chrome(
        foreign('GET', 'https://app.example.com/static/main.4f1c.js', 200, 'text/javascript', 48211),
        'script',
        {
          type: 'parser',
          url: 'https://app.example.com/',
        },
      ),
      chrome(
        foreign(
          'GET',
          'https://fonts.gstatic.com/s/roboto/v30/KFOmCnqEu92Fr1Mu4mxK.woff2',
          200,
          'font/woff2',
          15744,
        ),
        'font',
        { type: 'parser', url: 'https://fonts.googleapis.com/css2?family=Roboto' },
      ),
      chrome(
        foreign(
          'POST',
          'https://www.google-analytics.com/g/collect?v=2&tid=G-XXXXXXX&en=page_view',
          204,
          'text/plain',
          0,
        ),
        'ping',
      ),
      // The browser asks before a cross-origin call with Authorization: a CORS preflight.
      chrome(
        from(listRuns, (entry) => {
          entry.request.method = 'OPTIONS';
          entry.request.headers = [
            { name: 'Access-Control-Request-Method', value: 'GET' },
            { name: 'Access-Control-Request-Headers', value: 'authorization' },
            { name: 'Origin', value: 'https://app.example.com' },
          ];
          entry.response.status = 204;
          entry.response.statusText = 'No Content';
          entry.response.headers = [
            { name: 'Access-Control-Allow-Origin', value: 'https://app.example.com' },
            { name: 'Access-Control-Allow-Methods', value: 'GET, POST' },
          ];
          entry.response.content = { size: 0, mimeType: 'x-unknown' };
          entry.response.bodySize = 0;
        }),
        'preflight',
        { type: 'preflight', url: listRuns.request.url },
      ),
      // HSTS: Chrome upgrades http:// itself and records a 307 no server sent.
      chrome(
        from(listRuns, (entry) => {
          entry.request.url = entry.request.url.replace('https://', 'http://');
          entry.response.status = 307;
          entry.response.statusText = 'Internal Redirect';
          entry.response.headers = [
            { name: 'Location', value: listRuns.request.url },
            { name: 'Non-Authoritative-Reason', value: 'HSTS' },
          ];
          entry.response.content = { size: 0, mimeType: 'x-unknown' };
          entry.response.redirectURL = listRuns.request.url;
          entry.response.bodySize = -1;
        }),
        'fetch',
      ),
      chrome(from(listRuns), 'fetch'),
      // A real violation in the same export: `runs` is not a list.
      chrome(
        from(listRuns, (entry) => {
          entry.response.content.text = '{"runs":"none","total":0}';
          entry.response.content.size = entry.response.content.text.length;
          entry.response.headers = withoutHeaders(entry.response.headers, 'Content-Length');
        }),
        'fetch',
      ),
      // A revalidation: the browser's cached copy is still good.
      chrome(
        from(getAgent, (entry) => {
          entry.request.headers.push({ name: 'If-None-Match', value: 'W/"17-6"' });
          entry.response.status = 304;
          entry.response.statusText = 'Not Modified';
          entry.response.headers = [{ name: 'ETag', value: 'W/"17-6"' }];
          entry.response.content = { size: 0, mimeType: 'application/json' };
          entry.response.bodySize = 0;
        }),
        'fetch',
      ),
      // An ad blocker stopped a script: status 0 and Chrome's `_error`.
      chrome(
        foreign('GET', 'https://www.googletagmanager.com/gtag/js?id=G-XXXXXXX', 0, 'x-unknown', 0, {
          _error: 'net::ERR_BLOCKED_BY_CLIENT',
        }),
        'script',
      ),
    ],
    chromePages,
  ),
);

// Chrome's default "Export HAR (sanitized)...": Authorization, Cookie and Set-Cookie removed.
files.set(
  'chrome/sanitized.har',
  har(
    chromeCreator,
    [listRuns, sendMessage].map((base) =>
      chrome(
        from(base, (entry) => {
          entry.request.headers = withoutHeaders(entry.request.headers, 'Authorization', 'Cookie');
        }),
        'fetch',
      ),
    ),
    chromePages,
  ),
);

// Chrome HAR without content ("Copy all as HAR" before Chrome 120, or a body too large to keep):
// `content` has its size and type, no `text`; the request body sent as a stream has no postData.
files.set(
  'chrome/without-content.har',
  har(chromeCreator, [
    chrome(
      from(getAgent, (entry) => {
        delete entry.response.content.text;
      }),
      'fetch',
    ),
    chrome(
      from(sendMessage, (entry) => {
        delete entry.request.postData;
      }),
      'fetch',
    ),
    chrome(from(getAgent), 'fetch'),
  ]),
);

// Firefox DevTools "Save All As HAR" with response bodies off (devtools.netmonitor.har.includeResponseBodies
// false): `text` left out, a comment saying so; a size Firefox does not know is -1.
const firefoxCreator = { name: 'Firefox', version: '133.0' };
const firefox = (entry: Entry): Entry => ({ ...entry, pageref: 'page_1', connection: '443' });
files.set(
  'firefox/session.har',
  har(
    firefoxCreator,
    [
      firefox(from(listRuns)),
      firefox(
        from(getAgent, (entry) => {
          entry.response.content = {
            size: -1,
            mimeType: 'application/json',
            comment: 'Response bodies are not included.',
          };
          entry.response.bodySize = -1;
        }),
      ),
      firefox(
        from(getAgent, (entry) => {
          entry.response.status = 0;
          entry.response.statusText = '';
          entry.response.headers = [];
          entry.response.content = { size: 0, mimeType: '' };
        }),
      ),
    ],
    { browser: { name: 'Firefox', version: '133.0' } },
  ),
);

// Playwright `recordHar` (browser.newContext({ recordHar: { path, content } })).
const playwrightCreator = { name: 'Playwright', version: '1.49.0' };
const playwright = (entry: Entry): Entry => ({
  ...entry,
  pageref: 'page@1',
  _frameref: 'frame@1',
  _monotonicTime: 1200.5,
  serverIPAddress: '203.0.113.10',
  _serverPort: 443,
  _securityDetails: { protocol: 'TLS 1.3', subjectName: 'agents.example.com' },
});
// `content: 'embed'` (the default for .har): bodies inline; a request that failed has status -1.
files.set(
  'playwright/embed.har',
  har(playwrightCreator, [
    playwright(from(listRuns)),
    playwright(from(sendMessage)),
    playwright(
      from(getAgent, (entry) => {
        entry.response = {
          status: -1,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [],
          content: { size: -1, mimeType: 'x-unknown' },
          headersSize: -1,
          bodySize: -1,
          redirectURL: '',
          _failureText: 'net::ERR_ABORTED',
        } as Entry['response'];
      }),
    ),
  ]),
);
// `content: 'omit'`: no bodies at all.
files.set(
  'playwright/omit.har',
  har(
    playwrightCreator,
    [listRuns, getAgent].map((base) =>
      playwright(
        from(base, (entry) => {
          delete entry.response.content.text;
        }),
      ),
    ),
  ),
);
// `content: 'attach'` (the default for .zip, or a .har with attach): each body in a file named by its
// SHA-1, next to the HAR, and `_file` in its place.
const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');
const attached = new Map<string, string>();
const attach = (text: string, extension: string): string => {
  const name = `${sha1(text)}.${extension}`;
  attached.set(`playwright/attach/${name}`, text);
  return name;
};
const brokenRuns = '{"runs":"none","total":0}';
files.set(
  'playwright/attach/session.har',
  har(playwrightCreator, [
    playwright(
      from(sendMessage, (entry) => {
        const postData = entry.request.postData as NonNullable<typeof entry.request.postData>;
        postData._file = attach(postData.text ?? '', 'json');
        delete postData.text;
        entry.response.content._file = attach(entry.response.content.text ?? '', 'json');
        delete entry.response.content.text;
      }),
    ),
    // The attached body is read and judged: here it breaks the contract.
    playwright(
      from(listRuns, (entry) => {
        entry.response.content._file = attach(brokenRuns, 'json');
        entry.response.content.size = brokenRuns.length;
        delete entry.response.content.text;
        entry.response.headers = withoutHeaders(entry.response.headers, 'Content-Length');
      }),
    ),
    // The HAR copied without its files.
    playwright(
      from(getAgent, (entry) => {
        entry.response.content._file = 'f2c1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2.json';
        delete entry.response.content.text;
      }),
    ),
  ]),
);
for (const [name, text] of attached) files.set(name, text);

// mitmproxy 10+ `savehar` (also `mitmdump --set hardump=...`): Chrome's shape; bodies that are not valid
// UTF-8 as base64 with `encoding`.
files.set(
  'mitmproxy/dump.har',
  har({ name: 'mitmproxy', version: '11.0.0' }, [
    from(listRuns, (entry) => {
      entry.serverIPAddress = '203.0.113.10';
      entry.response.content.encoding = 'base64';
      entry.response.content.text = Buffer.from(listRuns.response.content.text ?? '').toString('base64');
    }),
    from(sendMessage, (entry) => {
      entry.serverIPAddress = '203.0.113.11';
    }),
  ]),
);

// Insomnia "Export" as HAR: `url` without its query, the query only in `queryString`.
const insomnia = (change: (entry: Entry) => void): Entry =>
  from(listRuns, (entry) => {
    entry.request.url = listRuns.request.url.slice(0, listRuns.request.url.indexOf('?'));
    change(entry);
  });
files.set(
  'insomnia/export.har',
  har({ name: 'Insomnia', version: '10.3.0' }, [
    insomnia(() => {}),
    // limit=500 is above the documented maximum, and the service answered 200: a violation.
    insomnia((entry) => {
      entry.request.queryString = entry.request.queryString.map((param) =>
        param.name === 'limit' ? { name: 'limit', value: '500' } : param,
      );
    }),
  ]),
);

// The project's own recorder (pnpm contract-record), NDJSON with one entry per line.
files.set(
  'recorder/session.ndjson',
  `${[from(getAgent), from(sendMessage)].map((entry) => JSON.stringify(entry)).join('\n')}\n`,
);

// A host that serves agents under another name: unknown there unless mapped with --host.
files.set(
  'mapped/api-host.har',
  har({ name: '@svc-contracts/contract-recorder', version: '0.0.0' }, [
    from(listRuns, (entry) => {
      entry.request.url = 'https://api.example.com/api/v1/organizations/usage/run-export';
      entry.request.queryString = [];
      entry.request.headers = entry.request.headers.map((field) =>
        field.name === 'Host' ? { name: 'Host', value: 'api.example.com' } : field,
      );
    }),
  ]),
);

// XML bodies (an order and its answer), checked with a --max-xml-bytes below their size: not judged, and the run exits 2.
files.set(
  'limits/create-order.har',
  har({ name: '@svc-contracts/contract-recorder', version: '0.0.0' }, [from(createOrder)]),
);

if (header(getAgent.request.headers, 'Authorization') !== undefined) {
  throw new Error('get-agent-200 is expected to authenticate with an API key, not Authorization');
}
const folders = new Set([...files.keys()].map((path) => path.split('/')[0] as string));
for (const folder of folders) await rm(join(root, folder), { recursive: true, force: true });
for (const [path, text] of files) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}
console.log(`${files.size} files written under contract-tests/tool-exports/`);
