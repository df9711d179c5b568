import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultWorkerCount,
  defaultWorkers,
  parallelThreshold,
  recordingBytes,
} from '../src/run/default-workers.js';

describe('the default of --workers', () => {
  it('is one thread per core from the threshold on, and one thread below it', () => {
    expect(parallelThreshold).toBe(256 * 1024 * 1024);
    expect(defaultWorkerCount(parallelThreshold - 1, 2)).toBe(1);
    expect(defaultWorkerCount(parallelThreshold, 2)).toBe(2);
    expect(defaultWorkerCount(4 * parallelThreshold, 8)).toBe(8);
    expect(defaultWorkerCount(0, 4)).toBe(1);
  });

  it('is one thread on one core, whatever the input', () => {
    expect(defaultWorkerCount(100 * parallelThreshold, 1)).toBe(1);
  });
});

describe('the size of the recordings', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'contract-check-default-workers-'));
    await mkdir(join(scratch, 'day', 'nested'), { recursive: true });
    await writeFile(join(scratch, 'day', 'a.har'), '{"log":{"entries":[]}}');
    // Sparse: as large as a day of traffic without writing it.
    await writeFile(join(scratch, 'day', 'nested', 'b.ndjson'), '');
    await truncate(join(scratch, 'day', 'nested', 'b.ndjson'), 300 * 1024 * 1024);
    await writeFile(join(scratch, 'day', 'notes.txt'), 'x'.repeat(1000));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('adds up the recordings a run reads, in folders too, and nothing else', async () => {
    const bytes = await recordingBytes([join(scratch, 'day')]);
    expect(bytes).toBe(300 * 1024 * 1024 + '{"log":{"entries":[]}}'.length);
    expect(defaultWorkerCount(bytes, 2)).toBe(2);
    expect(await defaultWorkers([join(scratch, 'day')], 2)).toBe(2);
    expect(await defaultWorkers([join(scratch, 'day')], 1)).toBe(1);
    expect(await defaultWorkers([join(scratch, 'day', 'a.har')], 4)).toBe(1);
  });

  it('counts a path that cannot be read as nothing (the run reports it)', async () => {
    expect(await recordingBytes([join(scratch, 'missing.har'), join(scratch, 'day', 'a.har')])).toBe(
      '{"log":{"entries":[]}}'.length,
    );
  });
});
