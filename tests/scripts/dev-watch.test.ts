import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DevArgsError, parseDevArgs } from '../../scripts/dev/args.ts';
import {
  type SpecWatcher,
  servicesOf,
  symlinkLoop,
  watchProblem,
  watchRoot,
  watchSpecs,
} from '../../scripts/dev/watch.ts';

const services = [
  { name: 'agents', dir: '/r/specs/agents' },
  { name: 'numbers', dir: '/r/specs/numbers' },
];

describe('pnpm dev: what a save touches', () => {
  it('watches the folder that holds every service', () => {
    expect(watchRoot(services)).toBe('/r/specs');
    expect(watchRoot([services[0] ?? { name: '', dir: '' }])).toBe('/r/specs/agents');
  });

  it('maps a file to its service, a shared file to every service, anything else to none', () => {
    expect(servicesOf('/r/specs/agents/paths/a.yaml', services)).toEqual(['agents']);
    expect(servicesOf('/r/specs/numbers/xsd/Order.xsd', services)).toEqual(['numbers']);
    expect(servicesOf('/r/specs/common/errors.yaml', services)).toEqual(['agents', 'numbers']);
    expect(servicesOf('/r/specs/agents/paths/.a.yaml.swp', services)).toEqual([]);
    expect(servicesOf('/r/specs/agents/paths/a.yaml~', services)).toEqual([]);
  });

  it('refuses a mistyped option with a suggestion, and --docs with --config', () => {
    expect(() => parseDevArgs(['--onyl', 'agents'])).toThrow(/did you mean --only/);
    expect(() => parseDevArgs(['--docs', '--config', 'x.yaml'])).toThrow(DevArgsError);
    expect(() => parseDevArgs(['--docs-port', 'x'])).toThrow(/not a port/);
    expect(parseDevArgs(['--help'])).toBeUndefined();
    expect(parseDevArgs(['--only', 'agents'])).toEqual({ only: ['agents'], docs: false, docsPort: 8080 });
  });
});

/**
 * The watcher on a temporary folder, changed in every way editors and git change files. Each change
 * waits for its own report (a generous bound, never a measured time); three changes in a row must
 * each be reported, since the old watcher heard the first replacement of a file and none after it.
 */
describe('pnpm dev: the watcher hears every way a file changes', () => {
  const boundSeconds = 30;
  let root: string;
  let watcher: SpecWatcher;
  let reports: { services: string[]; files: string[] }[];
  let problems: string[];
  let listeners: (() => void)[];
  const file = (): string => join(root, 'a', 'paths', 'x.yaml');

  const start = async (): Promise<void> => {
    watcher = watchSpecs(
      [
        { name: 'a', dir: join(root, 'a') },
        { name: 'b', dir: join(root, 'b') },
      ],
      (changed) => {
        reports.push(changed);
        for (const listener of listeners) listener();
      },
      {
        onProblem: (message) => {
          problems.push(message);
          for (const listener of listeners) listener();
        },
      },
    );
    await watcher.ready;
  };

  /** Resolves once `done()` holds after an event; rejects after the bound, saying what it waited for. */
  const until = (what: string, done: () => boolean): Promise<void> =>
    new Promise<void>((resolveUntil, reject) => {
      const timer = setTimeout(() => {
        listeners = [];
        reject(new Error(`timed out after ${boundSeconds} s waiting for the watcher to report: ${what}`));
      }, boundSeconds * 1000);
      const check = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        listeners = [];
        resolveUntil();
      };
      listeners.push(check);
      check();
    });

  /** Runs `change`, then waits until a report names service `a`. */
  const heard = (what: string, change: () => void): Promise<void> => {
    const before = reports.length;
    change();
    return until(what, () => reports.slice(before).some((report) => report.services.includes('a')));
  };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'dev-watch-'));
    mkdirSync(join(root, 'a', 'paths'), { recursive: true });
    mkdirSync(join(root, 'b'), { recursive: true });
    writeFileSync(file(), 'n: 0\n');
    reports = [];
    problems = [];
    listeners = [];
  });

  afterEach(async () => {
    await watcher?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const ways: [string, (index: number) => void][] = [
    ['an in-place write', (index) => writeFileSync(file(), `n: ${index}\n`)],
    [
      'a write to a new file renamed over the old one (sed -i, safe write)',
      (index) => {
        writeFileSync(`${file()}.tmp`, `n: ${index}\n`);
        renameSync(`${file()}.tmp`, file());
      },
    ],
    [
      'a delete and a re-create',
      (index) => {
        rmSync(file());
        writeFileSync(file(), `n: ${index}\n`);
      },
    ],
    [
      'the whole folder replaced',
      (index) => {
        const fresh = join(root, 'a', 'paths.new');
        cpSync(join(root, 'a', 'paths'), fresh, { recursive: true });
        writeFileSync(join(fresh, 'x.yaml'), `n: ${index}\n`);
        rmSync(join(root, 'a', 'paths'), { recursive: true });
        renameSync(fresh, join(root, 'a', 'paths'));
      },
    ],
  ];

  for (const [what, change] of ways) {
    it(`reports ${what}, three times in a row`, async () => {
      await start();
      for (const index of [1, 2, 3]) {
        await heard(`${what} #${index}`, () => change(index));
        expect(readFileSync(file(), 'utf8')).toBe(`n: ${index}\n`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('reports sed -i, git checkout and git stash, again and again', async () => {
    const git = (...args: string[]): void => {
      execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@localhost', ...args], {
        cwd: root,
        stdio: 'ignore',
      });
    };
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'start');
    await start();
    for (const index of [1, 2, 3]) {
      await heard(`sed -i #${index}`, () => execFileSync('sed', ['-i', `s/n: .*/n: ${index}/`, file()]));
      await heard(`git checkout #${index}`, () => git('checkout', '--', 'a/paths/x.yaml'));
      expect(readFileSync(file(), 'utf8')).toBe('n: 0\n');
      writeFileSync(file(), `n: ${index}\n`);
      await heard(`git stash #${index}`, () => git('stash', '-q'));
      await heard(`git stash pop #${index}`, () => git('stash', 'pop', '-q'));
      await heard(`git checkout after the stash #${index}`, () => git('checkout', '--', 'a/paths/x.yaml'));
    }
  });

  it('reports a burst of saves once, and a file that is not a spec not at all', async () => {
    await start();
    await heard('a burst of five saves', () => {
      for (let index = 0; index < 5; index++) writeFileSync(file(), `n: ${index}`);
      writeFileSync(join(root, 'a', 'notes.txt'), 'not a spec');
    });
    expect(reports).toEqual([{ services: ['a'], files: [file()] }]);
  });

  it('reports a symbolic link loop, does not follow it, and keeps watching', async () => {
    symlinkSync('..', join(root, 'a', 'paths', 'up'));
    symlinkSync('self', join(root, 'a', 'self'));
    await start();
    expect(problems.sort()).toEqual([
      'a/paths/up: a symbolic link to a folder that holds it; not followed, watching goes on',
      'a/self: a symbolic link loop; not followed, watching goes on',
    ]);
    for (const index of [1, 2, 3])
      await heard(`a save beside a loop #${index}`, () => writeFileSync(file(), `n: ${index}\n`));
    // A loop made while watching is reported too, and the files stay heard.
    const loop = 'a/paths/up2: a symbolic link to a folder that holds it; not followed, watching goes on';
    symlinkSync('../..', join(root, 'a', 'paths', 'up2'));
    await until('a new loop', () => problems.includes(loop));
    await heard('a save after the new loop', () => writeFileSync(file(), 'n: 4\n'));
    // Every report named the real file only, never a path through a link.
    for (const report of reports) for (const changed of report.files) expect(changed).not.toMatch(/\/up2?\//);
  });

  it('says where and why for an error it meets, and that watching goes on', () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), {
      code: 'EACCES',
      path: join(root, 'a', 'private'),
    });
    expect(watchProblem(denied, root)).toBe('a/private: not readable; watching goes on');
    const loop = Object.assign(new Error('ELOOP'), { code: 'ELOOP', path: join(root, 'a', 'self') });
    expect(watchProblem(loop, root)).toBe('a/self: a symbolic link loop; watching goes on');
    expect(watchProblem(new Error('something else'), root)).toBe('something else; watching goes on');
  });

  it('names a loop and nothing else as one', () => {
    symlinkSync('self', join(root, 'self'));
    symlinkSync('a', join(root, 'to-a'));
    expect(symlinkLoop(join(root, 'self'))).toBe('a symbolic link loop');
    expect(symlinkLoop(join(root, 'to-a'))).toBeUndefined();
    expect(symlinkLoop(file())).toBeUndefined();
    expect(symlinkLoop(join(root, 'missing'))).toBeUndefined();
  });
});
