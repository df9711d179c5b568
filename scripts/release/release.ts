// `pnpm release [--registry <url>] [--skip-checks]`: the one way packages leave this repository.
//  1. the breaking-change gate: `spec-diff --base <last release tag>` while changesets are pending (they
//     must cover every contract change since that release); no tag yet: skipped with a note;
//  2. `changeset version` when changesets are pending (versions, CHANGELOG.md, internal dependents);
//  3. build every package from scratch, then `check:generated` and `check:packages` on what will be published;
//  4. `pnpm publish --recursive` (pnpm replaces `workspace:*` by the real version, npm would not; versions
//     already on the registry are skipped), then `changeset tag`: it tags `name@version` in git and prints
//     the `New tag:` lines changesets/action turns into GitHub releases;
//  5. reads every package back from the registry: its version must be there with no `workspace:` range.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { workspacePackages } from '../build/workspace.ts';
import { repoRoot } from '../lib/paths.ts';
import { formatStepTimes, type StepTime } from '../lib/step-times.ts';
import {
  missingTags,
  noGitIdentity,
  packageUrl,
  parseReleaseArgs,
  pendingChangesets,
  publishablePackages,
  UsageError,
  usage,
  workspaceRanges,
} from './lib.ts';

class StepError extends Error {
  override name = 'StepError';
}

const started = performance.now();
const steps: StepTime[] = [];
let current: { title: string; since: number } | undefined;

/**
 * Starts a step: its name (and what it works on, `detail`) is printed now, and its time is kept under its
 * name for the closing line.
 */
function step(title: string, detail?: string): void {
  endStep();
  current = { title, since: performance.now() };
  console.log(`\nrelease: ${title}${detail === undefined ? '' : ` (${detail})`}`);
}

function endStep(): void {
  if (current !== undefined) steps.push({ title: current.title, ms: performance.now() - current.since });
  current = undefined;
}

/** Runs a command in the repository root with the output shown; throws when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
  if (result.error) throw new StepError(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0)
    throw new StepError(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function capture(command: string, args: string[], env: NodeJS.ProcessEnv): string | undefined {
  const result = spawnSync(command, args, { cwd: repoRoot, env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The newest release tag reachable from HEAD (changesets tags `@svc-contracts/<name>@<version>`). */
function lastReleaseTag(env: NodeJS.ProcessEnv): string | undefined {
  return (
    capture('git', ['describe', '--tags', '--abbrev=0', '--match', '@svc-contracts/*@*', 'HEAD'], env) ||
    undefined
  );
}

async function verifyPublished(registry: string): Promise<void> {
  const problems: string[] = [];
  for (const pkg of publishablePackages(repoRoot)) {
    const response = await fetch(packageUrl(registry, pkg.name), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      problems.push(`${pkg.name}: the registry answers ${response.status}`);
      continue;
    }
    const document = (await response.json()) as { versions?: Record<string, Record<string, unknown>> };
    const published = document.versions?.[pkg.version];
    if (!published) {
      problems.push(`${pkg.name}@${pkg.version} is not on the registry`);
      continue;
    }
    for (const range of workspaceRanges(published)) problems.push(`${pkg.name}@${pkg.version} ${range}`);
  }
  if (problems.length > 0) throw new StepError(`published packages are wrong:\n  ${problems.join('\n  ')}`);
  console.log(`release: every package is on ${registry}, with no workspace: range`);
}

async function main(argv: string[]): Promise<number> {
  const options = parseReleaseArgs(argv, process.env);
  if (options.help) {
    console.log(usage);
    return 0;
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  // changesets asks the registry which versions exist with `npm_config_registry`, pnpm publishes there.
  if (options.registry !== undefined) env.npm_config_registry = options.registry;
  const registry =
    options.registry ?? capture('pnpm', ['config', 'get', 'registry'], env) ?? 'https://registry.npmjs.org/';
  const pending = pendingChangesets(repoRoot);
  // `changeset tag` makes annotated tags (`git tag -m`), which need a committer identity. Without one it
  // still prints "New tag:" and exits 0, having tagged nothing: refuse before anything is published.
  const identity = spawnSync('git', ['var', 'GIT_COMMITTER_IDENT'], { cwd: repoRoot, env, encoding: 'utf8' });
  if (identity.status !== 0) throw new StepError(noGitIdentity);

  step('breaking-change gate');
  const tag = lastReleaseTag(env);
  if (pending.length === 0) {
    console.log('release: no pending changesets; their bumps were gated when the version pull request ran');
  } else if (tag === undefined) {
    console.log('release: no release tag yet (first release): spec-diff skipped, nothing to compare with');
  } else {
    run('pnpm', ['run', 'spec-diff', '--base', tag], env);
  }

  if (pending.length > 0) {
    step('changeset version', `${pending.length} pending: ${pending.join(', ')}`);
    run('pnpm', ['exec', 'changeset', 'version'], env);
  } else {
    step('changeset version', 'nothing pending, versions stay');
  }

  // From scratch: tsc -b never deletes the output of a source file that was removed, and that must not ship.
  step('build (clean)');
  for (const pkg of workspacePackages(repoRoot))
    rmSync(join(pkg.dir, 'dist'), { recursive: true, force: true });
  run('pnpm', ['run', 'build'], env);
  if (options.skipChecks) {
    step('checks', 'skipped: --skip-checks');
  } else {
    step('check:generated');
    run('pnpm', ['run', 'check:generated'], env);
    step('check:packages');
    run('pnpm', ['run', 'check:packages'], env);
  }

  step('publish', `to ${registry}`);
  // One pnpm for all packages, where `changeset publish` starts an `npm info` and a `pnpm publish` per
  // package (half of a release's time was those start-ups): pnpm asks the registry itself which versions
  // are missing, packs each package with its `workspace:` ranges replaced and hands the tarball to
  // `npm publish` (npm's auth and provenance). Then `changeset tag` tags `name@version` and prints the
  // `New tag:` lines, as `changeset publish` does after publishing.
  run('pnpm', ['publish', '--recursive', '--access', 'public', '--no-git-checks'], env);
  run('pnpm', ['exec', 'changeset', 'tag'], env);
  const tagged = capture('git', ['tag', '--list', '@svc-contracts/*'], env);
  const untagged = missingTags(publishablePackages(repoRoot), (tagged ?? '').split('\n'));
  if (untagged.length > 0)
    throw new StepError(`changeset tag left ${untagged.length} package(s) untagged: ${untagged.join(', ')}`);

  step('verify');
  await verifyPublished(registry);
  endStep();
  console.log(`\n${formatStepTimes('release', steps, performance.now() - started)}`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`release: ${error.message}\n${usage}`);
    process.exitCode = 2;
  } else if (error instanceof StepError) {
    console.error(`release: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
