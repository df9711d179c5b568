/**
 * Runs one benchmark script in its own process (so memory figures are its own and a crash stays its own)
 * and reads back the section it wrote with `--json FILE`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { relativizePaths } from '../../scripts/lib/paths.ts';
import type { FailedSection } from './report.ts';
import type { Section } from './section.ts';

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

/** Keeps the last `limit` characters of a stream: enough to show why a script failed. */
function tailKeeper(limit: number) {
  let text = '';
  return {
    add(chunk: string) {
      text = (text + chunk).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

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
    const tail = tailKeeper(4000);
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString();
      // The tail goes into the report: no colour codes, no machine paths.
      tail.add(relativizePaths(stripVTControlCharacters(text)));
      options.echo?.(text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      tail.add(`\n(no result within ${definition.timeoutMs / 1000} s: stopped)`);
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
        if (code !== 0) {
          resolve(
            fail(`${definition.script} exited with ${code ?? signal}; last output:\n${tail.text.trim()}`),
          );
          return;
        }
        if (!existsSync(jsonFile)) {
          resolve(fail(`${definition.script} exited with 0 but wrote no section (--json ${jsonFile})`));
          return;
        }
        const section = JSON.parse(readFileSync(jsonFile, 'utf8')) as Section;
        if (section.id !== definition.id) {
          resolve(fail(`${definition.script} wrote section "${section.id}", expected "${definition.id}"`));
          return;
        }
        resolve({ ok: true, section });
      } catch (error) {
        resolve(fail(`${definition.script}: unreadable section: ${(error as Error).message}`));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}
