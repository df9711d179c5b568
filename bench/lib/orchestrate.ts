/**
 * Runs each section script in its own process (its memory figures its own, a crash its own), reads back
 * the section it wrote with `--json FILE`, and writes the run: bench/RESULTS.md and RESULTS.json only
 * when it is complete, else RESULTS.partial.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { relativizePaths } from '../../scripts/lib/paths.ts';
import { type FailedSection, type RunRecord, renderReport, unavailable } from './report.ts';
import { type Section, sectionProblems } from './section.ts';

export interface SectionScript {
  id: string;
  title: string;
  /** Script path relative to the repository root. */
  script: string;
  /** Arguments of a full run. */
  args: string[];
  /** Arguments of a tiny run (the tests). */
  tinyArgs: string[];
  timeoutMs: number;
}

export type Outcome = { ok: true; section: Section } | { ok: false; failed: FailedSection };

export function runSectionScript(
  definition: SectionScript,
  options: { root: string; tiny: boolean; echo?: (chunk: string) => void },
): Promise<Outcome> {
  const scratch = mkdtempSync(join(tmpdir(), `bench-${definition.id}-`));
  const jsonFile = join(scratch, 'section.json');
  const args = [...(options.tiny ? definition.tinyArgs : definition.args), '--json', jsonFile];
  const command = ['pnpm exec tsx', definition.script, ...args.slice(0, -2)].join(' ');
  const fail = (error: string): Outcome => ({
    ok: false,
    failed: { id: definition.id, title: definition.title, command, error },
  });
  return new Promise<Outcome>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', definition.script, ...args], {
      cwd: options.root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const onData = (chunk: Buffer): void => {
      // The last output goes into the report: no colour codes, no machine paths.
      tail = (tail + relativizePaths(stripVTControlCharacters(chunk.toString()))).slice(-4000);
      options.echo?.(chunk.toString());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      tail += `\n(no result within ${definition.timeoutMs / 1000} s: stopped)`;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, definition.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(fail(`could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      try {
        const section =
          code === 0 && existsSync(jsonFile)
            ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Section)
            : undefined;
        if (code !== 0)
          resolve(fail(`${definition.script} exited with ${code ?? signal}; last output:\n${tail.trim()}`));
        else if (!section) resolve(fail(`${definition.script} exited with 0 but wrote no section`));
        else if (section.id !== definition.id)
          resolve(fail(`${definition.script} wrote section "${section.id}", expected "${definition.id}"`));
        else resolve({ ok: true, section });
      } catch (error) {
        resolve(fail(`${definition.script}: unreadable section: ${(error as Error).message}`));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

export interface RunOptions {
  root: string;
  tiny: boolean;
  /** Where a complete run is written; its `.json` record beside it. */
  resultsFile: string;
  /** The run may write `resultsFile` (no option narrowed it, or the file was named). */
  full: boolean;
  command: string;
  versions?: () => Record<string, string>;
  log: (line: string) => void;
}

/** Runs the sections one after the other and writes the report; returns the exit code. */
export async function runAll(definitions: SectionScript[], options: RunOptions): Promise<number> {
  const { log } = options;
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? 0;
  const sections: Section[] = [];
  const failed: FailedSection[] = [];
  for (const definition of definitions) {
    log(
      `${definition.id}: ${definition.script} ${(options.tiny ? definition.tinyArgs : definition.args).join(' ')}`,
    );
    const begin = performance.now();
    const outcome = await runSectionScript(definition, {
      ...options,
      echo: (chunk) => process.stderr.write(chunk),
    });
    const problems = outcome.ok ? sectionProblems(outcome.section) : [];
    if (!outcome.ok) failed.push(outcome.failed);
    else if (problems.length > 0)
      failed.push({
        id: definition.id,
        title: definition.title,
        command: outcome.section.command,
        error: `malformed section:\n${problems.join('\n')}`,
      });
    else sections.push(outcome.section);
    log(
      `${definition.id}: ${failed.at(-1)?.id === definition.id ? 'FAILED' : 'done'} in ${((performance.now() - begin) / 1000).toFixed(0)} s`,
    );
  }
  const cpus = os.cpus();
  const record: RunRecord = {
    machine: {
      date: new Date().toISOString().slice(0, 10),
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      pnpm: spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '',
      loadBefore,
      loadAfter: os.loadavg()[0] ?? 0,
      durationS: (performance.now() - started) / 1000,
    },
    versions: Object.assign({}, ...sections.map((section) => section.versions), options.versions?.()),
    sections,
    failed,
    command: options.command,
    tiny: options.tiny,
  };
  const missing = options.tiny ? [] : unavailable(sections);
  for (const section of failed) log(`section failed: ${section.id}: ${section.error.split('\n')[0]}`);
  for (const line of missing) log(`not measured: ${line}`);
  const complete = failed.length === 0 && missing.length === 0 && options.full;
  const target = complete ? options.resultsFile : options.resultsFile.replace(/(\.md)?$/, '.partial.md');
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, renderReport(record));
  writeFileSync(target.replace(/(\.md)?$/, '.json'), `${JSON.stringify(record, null, 1)}\n`);
  log(
    `all sections done in ${Math.round(record.machine.durationS)} s; wrote ${relative(process.cwd(), target) || target}`,
  );
  if (!complete && !options.tiny)
    log(
      `not a complete run (a section failed, a comparison was missing, or an option narrowed it): ${relative(process.cwd(), options.resultsFile)} left as it was`,
    );
  return failed.length > 0 || missing.length > 0 ? 1 : 0;
}
