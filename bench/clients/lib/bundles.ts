// The size of an application bundle that calls one method of each client (and of bandwidth-sdk).
import { bandwidthSdk } from '../../lib/compare-tools.ts';
import { type Figure, type Measured, measured, type NotMeasured } from '../../lib/section.ts';
import { bundleSize } from './bundle-size.ts';
import { kb, kilobytes } from './format.ts';
import { dist, openapiFetchEntry, openapiFetchVersion } from './packages.ts';
import { call, code, message } from './payloads.ts';
import { bandwidthMissing, bandwidthVersion } from './scenarios.ts';

interface BundleScenario {
  slug: string;
  label: string;
  tool: string;
  source: string;
  bandwidth?: { api: string; source: string };
  note?: string;
}

const importFrom = (entry: string) => JSON.stringify(entry);
const bandwidthImport = importFrom(bandwidthSdk);
const basicCredentials = "{ username: 'a', password: 'b' }";

/** Builds each bundle, prints its sizes and returns the figures. */
export async function measureBundles(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const bundles: BundleScenario[] = [
    {
      slug: 'openapi-fetch',
      label: 'openapi-fetch alone (reference)',
      tool: `openapi-fetch ${openapiFetchVersion}`,
      source: `import createClient from ${importFrom(openapiFetchEntry)}; await createClient({ baseUrl: 'https://x' }).GET('/x');`,
      note: 'the fetch wrapper our clients are built on, with nothing of ours',
    },
    {
      slug: 'agents-client',
      label: 'agents-client (getAgent)',
      tool: '@svc-contracts/agents-client',
      source: `import { AgentsClient } from ${importFrom(dist('agents-client'))}; await new AgentsClient({ baseUrl: 'https://x', credentials: { apiKey: 'k', organizationId: 1 } }).getAgent(1);`,
    },
    {
      slug: 'token-client',
      label: 'token-client (getToken)',
      tool: '@svc-contracts/token-client',
      source: `import { AccessTokenProvider } from ${importFrom(dist('token-client'))}; await new AccessTokenProvider({ baseUrl: 'https://x', credentials: { clientId: 'a', clientSecret: 'b' } }).getToken();`,
    },
    {
      slug: 'messaging-client',
      label: 'messaging-client (sendGroupMessage)',
      tool: '@svc-contracts/messaging-client',
      source: `import { MessagingClient } from ${importFrom(dist('messaging-client'))}; await new MessagingClient({ baseUrl: 'https://x', userId: 'u', credentials: ${basicCredentials} }).sendGroupMessage(${JSON.stringify(message)});`,
      bandwidth: {
        api: 'MessagesApi',
        source: `import { Configuration, MessagesApi } from ${bandwidthImport}; const m = ${JSON.stringify(message)}; await new MessagesApi(new Configuration(${basicCredentials})).createMessage('u', { ...m, to: new Set(m.to) });`,
      },
    },
    {
      slug: 'voice-client',
      label: 'voice-client (createCall)',
      tool: '@svc-contracts/voice-client',
      source: `import { VoiceClient } from ${importFrom(dist('voice-client'))}; await new VoiceClient({ baseUrl: 'https://x', accountId: 'a', credentials: ${basicCredentials} }).createCall(${JSON.stringify(call)});`,
      bandwidth: {
        api: 'CallsApi',
        source: `import { CallsApi, Configuration } from ${bandwidthImport}; await new CallsApi(new Configuration(${basicCredentials})).createCall('a', ${JSON.stringify(call)});`,
      },
    },
    {
      slug: 'mfa-client',
      label: 'mfa-client (sendCode)',
      tool: '@svc-contracts/mfa-client',
      source: `import { MfaClient } from ${importFrom(dist('mfa-client'))}; await new MfaClient({ baseUrl: 'https://x', accountId: 'a', credentials: ${basicCredentials} }).sendCode(${JSON.stringify(code)});`,
      bandwidth: {
        api: 'MFAApi',
        source: `import { Configuration, MFAApi } from ${bandwidthImport}; await new MFAApi(new Configuration(${basicCredentials})).generateMessagingCode('a', ${JSON.stringify(code)});`,
      },
    },
    {
      slug: 'numbers-client',
      label: 'numbers-client (+ XSD engine)',
      tool: '@svc-contracts/numbers-client',
      source: `import { NumbersClient } from ${importFrom(dist('numbers-client'))}; await new NumbersClient({ baseUrl: 'https://x', accountId: 'a', credentials: ${basicCredentials} }).listInserviceNumbers();`,
      note: 'including libxml2 compiled to WebAssembly, which libxml2-wasm embeds in its JavaScript (about 960 KB of the minified bundle)',
    },
  ];

  console.log('');
  console.log(
    'Bundle of an application calling one method (esbuild, ESM, minified, platform node, Node built-ins external; gzip -9)',
  );
  console.log(`${'bundle'.padEnd(36)}${'min'.padStart(12)}${'min+gz'.padStart(12)}`);
  for (const bundle of bundles) {
    const size = await bundleSize(bundle.source);
    console.log(
      `${bundle.label.padEnd(36)}${kb(size.minBytes).padStart(12)}${kb(size.gzipBytes).padStart(12)}`,
    );
    const comparisons: Array<Measured | NotMeasured> = [];
    let bandwidthMin = '';
    if (bundle.bandwidth !== undefined) {
      const tool = `bandwidth-sdk ${bandwidthVersion} ${bundle.bandwidth.api}`;
      if (bandwidthMissing === undefined) {
        const theirs = await bundleSize(bundle.bandwidth.source);
        comparisons.push(measured('bandwidth-sdk', tool, [kilobytes(theirs.gzipBytes)]));
        bandwidthMin = `, bandwidth-sdk ${kb(theirs.minBytes)}`;
        console.log(
          `${`  bandwidth-sdk ${bundle.bandwidth.api}`.padEnd(36)}${kb(theirs.minBytes).padStart(12)}${kb(theirs.gzipBytes).padStart(12)}`,
        );
      } else {
        comparisons.push({ key: 'bandwidth-sdk', tool, status: 'unavailable', reason: bandwidthMissing });
      }
    }
    figures.push({
      id: `clients.bundle.${bundle.slug}`,
      label: bundle.label,
      unit: 'KB',
      better: 'lower',
      ours: measured('ours', bundle.tool, [kilobytes(size.gzipBytes)]),
      comparisons,
      detail: `Minified: ours ${kb(size.minBytes)}${bandwidthMin}${bundle.note === undefined ? '' : `; ${bundle.note}`}.`,
    });
  }
  console.log(
    'The numbers-client bundle includes libxml2 compiled to WebAssembly, which libxml2-wasm embeds in its JavaScript (about 960 KB minified).',
  );
  return figures;
}
