import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleSpecs, listServices } from '@svc-contracts/contract-model';
import { createHar } from '@svc-contracts/har';
import { openapiOverlay } from 'openapi-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadContracts } from '../src/index.js';
import { jsonResponse, request, runCliCapturing } from './helpers.js';

// Recordings built from what the mocks serve (the agents spec's own examples), with values the specs do not
// know: runs of three call types, campaigns in four states, a 403 body with a member the source never shows.
const config = resolve(import.meta.dirname, '../../../redocly.yaml');
const base = 'https://agents.example.com/api/v1';
const auth = [{ name: 'Authorization', value: 'Bearer REDACTED.REDACTED.REDACTED' }];
const callTypes = ['inbound', 'outbound', 'transfer'];
const states = ['running', 'scheduled', 'completed', 'failed'];

let scratch: string;
let agents: Record<string, unknown>;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-propose-'));
  const { specs } = await bundleSpecs(
    listServices(config).filter((s) => s.name === 'agents'),
    {
      configPath: config,
    },
  );
  agents = structuredClone(specs[0]?.document) as Record<string, unknown>;
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const example = (name: string): Record<string, unknown> =>
  structuredClone(
    (agents.components as { examples: Record<string, { value: Record<string, unknown> }> }).examples[name],
  )?.value as Record<string, unknown>;

function recording(): Parameters<typeof createHar>[0] {
  const exchanges: Parameters<typeof createHar>[0] = [];
  for (let i = 0; i < 30; i++) {
    // Only call_type is steady; no run member is always there or never null, `mode` varies too much.
    const runs = [0, 1, 2].map((n) => ({
      ...(n === 1 ? {} : { id: n === 0 && i % 5 === 0 ? null : i * 3 + n }),
      ...(n === 1 && i % 3 === 0 ? {} : { call_type: n === 2 && i % 2 ? null : callTypes[(i + n) % 3] }),
      ...(n === 0 ? {} : { mode: n === 1 ? null : `mode-${i}` }),
    }));
    const page = { runs, ...(i % 2 ? {} : { total_count: 3 }) };
    exchanges.push({
      request: request('GET', `${base}/organizations/usage/runs?page=1&limit=50`, auth),
      response: jsonResponse(200, page),
    });
    const { logs: _logs, schedule_config: _schedule, ...campaign } = example('campaignResumed');
    const resumed = { ...campaign, state: states[i % 4], source_type: `type-${i}`, source_id: `src ${i}` };
    exchanges.push({
      request: request('POST', `${base}/campaign/381/resume`, auth),
      response: jsonResponse(200, resumed),
    });
    exchanges.push({
      request: request('POST', `${base}/campaign/381/pause`, auth),
      response: jsonResponse(403, { detail: 'Not enough permissions', code: 'role_too_low' }),
    });
  }
  return exchanges;
}

describe('contract-check --propose', () => {
  it('proposes exactly what the traffic shows at open points, as an overlay a real tool applies', async () => {
    const har = join(scratch, 'traffic.har');
    await writeFile(har, JSON.stringify(createHar(recording())));
    const overlayFile = join(scratch, 'proposals.yaml');
    const run = await runCliCapturing(['--config', config, '--propose', overlayFile, har]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Proposals: 4 from 90 judged entries/);
    expect(run.stderr).toContain('not settled: 4 open points seen');
    expect(run.stderr.split('\n').length).toBeLessThan(10);

    const overlay = parse(await readFile(overlayFile, 'utf8'));
    expect(overlay.overlay).toBe('1.0.0');
    expect(overlay.actions.map((a: { target: string }) => a.target)).toEqual([
      "$.components.responses.Forbidden.content['application/json'].schema",
      "$.components.responses.Forbidden.content['application/json']",
      '$.components.schemas.Campaign.properties.state',
      '$.components.schemas.RunWithUsage.properties.call_type',
      '$.components.schemas.RunsPage',
    ]);
    const [, forbidden, state, callType, page] = overlay.actions;
    expect(callType.update).toEqual({ enum: [...callTypes, null] });
    expect(callType.description).toMatch(/30 entries; settles specs\/README\.md:\d+/);
    expect(state.update).toEqual({ enum: [...states].sort() });
    expect(page.update).toEqual({ required: ['runs'] });
    expect(forbidden.update.schema).toEqual({
      type: 'object',
      properties: { code: { type: 'string' }, detail: { type: 'string' } },
      required: ['code', 'detail'],
    });

    const applied = await openapiOverlay(structuredClone(agents) as never, { overlaySet: overlay });
    const spec = join(scratch, 'agents.yaml');
    await writeFile(spec, stringify(applied.data));
    const contracts = await loadContracts({ specs: [{ name: 'agents', root: spec }] });
    try {
      expect(contracts.problems).toEqual([]);
      const runs = (callType: string) =>
        contracts.checkExchange(
          request('GET', `${base}/organizations/usage/runs?page=1&limit=50`, auth),
          jsonResponse(200, { runs: [{ id: 1, call_type: callType }] }),
        );
      expect((await runs('outbound')).verdict).toBe('conforms');
      const fourth = await runs('conference');
      expect(fourth.verdict).toBe('violation');
      expect(fourth.violations[0]?.rule).toBe('response-body-schema');
      const denied = await contracts.checkExchange(
        request('POST', `${base}/campaign/381/pause`, auth),
        jsonResponse(403, { detail: 'Not enough permissions' }),
      );
      expect(denied.verdict).toBe('violation');
    } finally {
      await contracts.close();
    }
  });

  it.each([
    ['bodies kept as Playwright attachments', 'attached.har'],
    ['NDJSON, one entry a line', 'traffic.ndjson'],
  ])('counts %s as it counts embedded ones', async (_what, name) => {
    const { entries } = createHar(recording()).log as unknown as {
      entries: Array<{ response: { content: Record<string, unknown> } }>;
    };
    entries.forEach(({ response: { content } }, i) => {
      if (name.endsWith('.ndjson')) return;
      writeFileSync(join(scratch, `body-${i}.json`), String(content.text));
      content._file = `body-${i}.json`;
      delete content.text;
    });
    const file = join(scratch, name);
    const text = name.endsWith('.ndjson')
      ? entries.map((entry) => JSON.stringify(entry)).join('\n')
      : JSON.stringify({ log: { version: '1.2', entries } });
    await writeFile(file, text);
    const run = await runCliCapturing(['--config', config, '--propose', join(scratch, `${name}.yaml`), file]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Proposals: 4 from 90 judged entries/);
  });

  it('merges the proposals of shards into what one run over all the entries proposes', async () => {
    const har = join(scratch, 'sharded.har');
    await writeFile(har, JSON.stringify(createHar(recording())));
    const whole = await runCliCapturing(['--config', config, '--propose', join(scratch, 'whole.yaml'), har]);
    const reports: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      const file = join(scratch, `shard-${shard[0]}.yaml`);
      const run = await runCliCapturing([
        '--config',
        config,
        '--json',
        '--shard',
        shard,
        '--propose',
        file,
        har,
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(parse(await readFile(file, 'utf8'))['x-tallies']).toBe(`shard-${shard[0]}.tallies.json`);
      reports.push(join(scratch, `report-${shard[0]}.json`));
      await writeFile(reports.at(-1) as string, run.stdout);
    }
    const from = ['1', '2'].flatMap((n) => ['--propose-from', join(scratch, `shard-${n}.tallies.json`)]);
    const merged = join(scratch, 'merged.yaml');
    const merge = await runCliCapturing([
      'merge',
      '--config',
      config,
      '--propose',
      merged,
      ...from,
      ...reports,
    ]);
    expect(merge.code, merge.stderr).toBe(0);
    expect(await readFile(merged, 'utf8')).toBe(await readFile(join(scratch, 'whole.yaml'), 'utf8'));
    const summary = (text: string) => text.split('\n  overlay:')[0];
    expect(summary(merge.stderr)).toBe(summary(whole.stderr));
    expect(summary(merge.stderr)).toMatch(/^Proposals: 4 from 90 judged entries/);

    const one = await runCliCapturing([
      'merge',
      '--config',
      config,
      '--propose',
      merged,
      ...from.slice(0, 2),
      ...reports,
    ]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('the tallies of 1 of 2 shards are missing');
  });

  it('refuses a threshold out of range, naming the option', async () => {
    const run = await runCliCapturing([
      '--config',
      config,
      '--propose',
      'x.yaml',
      '--propose-min-share',
      '2',
      'x.har',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--propose-min-share takes a share above 0 and at most 1, not "2"');
  });
});
