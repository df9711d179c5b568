#!/usr/bin/env node
// `spec-diff --base <git-ref>`: classifies every contract change since <ref> and fails (exit 1) when the
// pending changesets ask for less than a change needs, or when a changed package has no changeset.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { type Change, describeChange } from './change.js';
import { type Changeset, checkChangesets, parseChangeset } from './changesets.js';
import { diffSpecs } from './openapi.js';
import { diffXsd } from './xsd.js';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

async function bundled(configPath: string, root: string): Promise<Record<string, unknown> | undefined> {
  if (!existsSync(root)) return undefined;
  const result = await bundle({ ref: root, config: await loadConfig({ configPath }) });
  return result.bundle.parsed as Record<string, unknown>;
}

function packageOf(repo: string, file: string): string | undefined {
  const spec = /^specs\/([^/]+)\//.exec(file);
  if (spec?.[1] && spec[1] !== 'common') return `@svc-contracts/${spec[1]}-client`;
  const pkg = /^packages\/([^/]+)\//.exec(file);
  if (!pkg?.[1]) return undefined;
  const manifest = join(repo, 'packages', pkg[1], 'package.json');
  if (!existsSync(manifest)) return undefined;
  const { name, private: isPrivate } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    name: string;
    private?: boolean;
  };
  return isPrivate === true ? undefined : name;
}

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--base');
  const base = at >= 0 ? argv[at + 1] : undefined;
  if (!base) {
    console.error('usage: spec-diff --base <git-ref>');
    return 2;
  }
  const repo = git(process.cwd(), 'rev-parse', '--show-toplevel').trim();
  const old = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  try {
    // Materialise the specs at the base ref (read-only: git archive, no checkout).
    const archive = execFileSync('git', ['archive', '--format=tar', base, 'specs', 'redocly.yaml'], {
      cwd: repo,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', old], { input: archive });

    const configPath = join(repo, 'redocly.yaml');
    const apis =
      (parse(readFileSync(configPath, 'utf8')) as { apis?: Record<string, { root: string }> }).apis ?? {};
    const changes: Record<string, Change[]> = {};
    for (const [service, api] of Object.entries(apis)) {
      const name = `@svc-contracts/${service}-client`;
      const before = await bundled(join(old, 'redocly.yaml'), join(old, api.root));
      const after = await bundled(configPath, resolve(repo, api.root));
      if (!before || !after) continue;
      const found = diffSpecs(before, after);
      const xsdDir = join(repo, 'specs', service, 'xsd');
      if (existsSync(xsdDir)) {
        for (const file of readdirSync(xsdDir).filter((f) => f.endsWith('.xsd'))) {
          const oldFile = join(old, 'specs', service, 'xsd', file);
          if (!existsSync(oldFile)) continue;
          for (const change of diffXsd(
            readFileSync(oldFile, 'utf8'),
            readFileSync(join(xsdDir, file), 'utf8'),
          ))
            found.push({ ...change, pointer: `${file}#${change.pointer}` });
        }
      }
      if (found.length > 0) changes[name] = found;
    }

    const changedFiles = [
      ...git(repo, 'diff', '--name-only', base).split('\n'),
      ...git(repo, 'ls-files', '--others', '--exclude-standard').split('\n'),
    ].filter(Boolean);
    const changedPackages = [
      ...new Set(
        changedFiles.map((file) => packageOf(repo, file)).filter((n): n is string => n !== undefined),
      ),
    ];
    const dir = join(repo, '.changeset');
    const pendingChangesets: Changeset[] = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.md') && f !== 'README.md')
          .map((f) => parseChangeset(readFileSync(join(dir, f), 'utf8'), `.changeset/${f}`))
      : [];

    for (const [name, list] of Object.entries(changes)) {
      console.log(`${name}:`);
      for (const change of list) console.log(`  ${change.level.padEnd(5)} ${describeChange(change)}`);
    }
    const failures = checkChangesets({ changes, pendingChangesets, changedPackages });
    for (const failure of failures) console.error(`spec-diff: ${failure.message}`);
    if (failures.length === 0) console.log(`spec-diff: pending changesets cover every change since ${base}`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
