import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';

// The bump a reviewer needs for an overlay `contract-check --propose` wrote: the catalogue's, per direction.
const dir = mkdtempSync(join(tmpdir(), 'spec-diff-overlay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const state = { type: 'string', description: "The provider's documentation leaves the allowed values open." };
const body = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const spec = {
  openapi: '3.1.0',
  info: { title: 'Campaigns', version: '1.0.0' },
  paths: {
    '/campaigns': {
      post: {
        operationId: 'createCampaign',
        requestBody: body({ $ref: '#/components/schemas/NewCampaign' }),
        responses: { '200': { description: 'ok', ...body({ $ref: '#/components/schemas/Campaign' }) } },
      },
    },
  },
  components: {
    schemas: {
      Campaign: { type: 'object', properties: { state } },
      NewCampaign: { type: 'object', properties: { mode: state } },
    },
  },
};
writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));

async function bump(actions: unknown[], overlay = { overlay: '1.0.0', info: { title: 't', version: '0' } }) {
  const file = join(dir, 'overlay.json');
  writeFileSync(file, JSON.stringify({ ...overlay, actions }));
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => {
      stdout += t;
    },
    stderr: (t: string) => {
      stderr += t;
    },
    cwd: dir,
  };
  const code = await main(['--overlay', 'overlay.json', 'spec.json', '--json'], io);
  return { code, stderr, ...(stdout ? JSON.parse(stdout) : {}) };
}

const enumAt = (target: string) => ({ target, description: 'seen', update: { enum: ['a', 'b'] } });

describe('spec-diff --overlay', () => {
  it.each([
    ['a response field', '$.components.schemas.Campaign.properties.state', 'response-enum-added', 'minor', 0],
    ['a request field', '$.components.schemas.NewCampaign.properties.mode', 'request-enum-added', 'major', 1],
  ])('gives an enum proposal on %s the catalogue bump', async (_what, target, id, level, code) => {
    const run = await bump([enumAt(target)]);
    expect(run.code, run.stderr).toBe(code);
    expect(run.bump).toBe(level);
    expect(run.new).toBe('spec.json + overlay.json');
    expect(run.changes.map((c: { id: string }) => c.id)).toEqual([id]);
  });

  it('refuses an overlay whose target finds nothing, and what is not an overlay', async () => {
    const missing = await bump([enumAt('$.components.schemas.Gone.properties.state')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('overlay.json: 1 actions target nothing in the spec');
    const other = await bump([], { overlay: '2.0.0' } as never);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('overlay.json: not an OpenAPI Overlay 1.0 document');
  });
});
