// The built `spec-diff OLD NEW` on `$ref` chains of 1k, 5k and 20k links (each schema a `$ref` to the next,
// the last one's type changed) and on a 4 MB spec of 20,000 paths: wall time and peak RSS. The target is
// linear growth (each 4x input at most 5x), so a chain is set against the chain before scaled by 1.25x its
// growth in links.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { sectionOptions } from '../lib/options.ts';
import { measure, scratchDir } from '../lib/processes.ts';
import { emitSection, type Figure, figure, measured, type Section } from '../lib/section.ts';

const values = sectionOptions(
  'spec-diff/hostile.ts',
  'spec-diff on $ref chains of 1k, 5k and 20k links and on a 4 MB spec: time and peak RSS.',
  "chains of 50, 200 and 800 links and a spec of 1,000 paths (the test suite's check)",
  { runs: { help: 'runs of each input', whole: [1, 1, 20, 1] } },
);
const { runs } = values;
const links = values.tiny ? [50, 200, 800] : [1_000, 5_000, 20_000];
const paths = values.tiny ? 1_000 : 20_000;
const bin = fromRoot('packages/spec-diff/dist/cli.js');
const head = `openapi: 3.1.0\ninfo: {title: t, version: '1'}\n`;

function chain(n: number, type: string): string {
  const parts = [
    `${head}paths:\n  /x:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/S0'}\ncomponents:\n  schemas:\n`,
  ];
  for (let i = 0; i < n; i++) parts.push(`    S${i}: {$ref: '#/components/schemas/S${i + 1}'}\n`);
  parts.push(`    S${n}: {type: ${type}}\n`);
  return parts.join('');
}

/** About 270 bytes a path: 20,000 paths are a spec over 4 MB. The new one lacks the last path's `name`. */
function large(removed: boolean): string {
  const parts = [`${head}paths:\n`];
  for (let i = 0; i < paths; i++) {
    const name = removed && i === paths - 1 ? '' : ', name: {type: string, maxLength: 80}';
    parts.push(
      `  /items/${i}:\n    get:\n      operationId: getItem${i}\n      responses:\n        '200':\n          description: the item\n          content:\n            application/json:\n              schema: {type: object, properties: {id: {type: integer}${name}}}\n`,
    );
  }
  return parts.join('');
}

const dir = scratchDir('bench-spec-diff-');
const inputs: Array<{ id: string; label: string; old: string; new: string; bytes: number; links?: number }> =
  [];
for (const n of links) {
  const before = chain(n, 'string');
  writeFileSync(join(dir, `chain-${n}-old.yaml`), before);
  writeFileSync(join(dir, `chain-${n}-new.yaml`), chain(n, 'integer'));
  inputs.push({
    id: `chain-${n}`,
    label: `$ref chain of ${n} links`,
    old: `chain-${n}-old.yaml`,
    new: `chain-${n}-new.yaml`,
    bytes: before.length,
    links: n,
  });
}
const spec = large(false);
writeFileSync(join(dir, 'large-old.yaml'), spec);
writeFileSync(join(dir, 'large-new.yaml'), large(true));
inputs.push({
  id: 'large',
  label: `spec of ${paths} paths`,
  old: 'large-old.yaml',
  new: 'large-new.yaml',
  bytes: spec.length,
});

const results = new Map<string, { seconds: number[]; rssMb: number[] }>();
for (const input of inputs) {
  const found = { seconds: [] as number[], rssMb: [] as number[] };
  for (let run = 0; run < runs; run++) {
    // Exit 1: a change needs a major bump (both inputs have one); anything else is a failed run.
    const timed = await measure([bin, join(dir, input.old), join(dir, input.new)], [1]);
    if (!timed.ok) throw new Error(`spec-diff on ${input.label} failed: ${timed.tail}`);
    found.seconds.push(timed.seconds);
    found.rssMb.push(timed.rssMb);
  }
  results.set(input.id, found);
}

const figures: Figure[] = [];
for (const [index, input] of inputs.entries()) {
  const found = results.get(input.id) as { seconds: number[]; rssMb: number[] };
  const previous = index > 0 && input.id.startsWith('chain') ? inputs[index - 1] : undefined;
  const before = previous && results.get(previous.id);
  const growth = ((input.links ?? 0) / (previous?.links ?? 1)) * 1.25;
  for (const [metric, unit, values] of [
    ['time', 's', found.seconds],
    ['rss', 'MB', found.rssMb],
  ] as const) {
    const target = previous && before && (metric === 'time' ? before.seconds : before.rssMb);
    figures.push(
      figure(
        `spec-diff-hostile.${input.id}.${metric}`,
        `spec-diff, ${input.label} (${(input.bytes / 1024).toFixed(0)} KB): ${metric === 'time' ? 'wall time' : 'peak RSS'}`,
        unit,
        'lower',
        measured('spec-diff', 'spec-diff OLD NEW', values),
        target
          ? [
              measured(
                'linear-target',
                `${growth.toFixed(2)} × the ${previous?.label} (the linear target)`,
                target.map((value) => value * growth),
              ),
            ]
          : [],
      ),
    );
  }
}

const section: Section = {
  id: 'spec-diff-hostile',
  title: 'spec-diff on hostile specs: $ref chains and a large spec',
  command: 'pnpm exec tsx bench/spec-diff/hostile.ts',
  method: `The built spec-diff compares two generated YAML files in a new process per run (${runs} run(s) each): chains in which each schema is a \`$ref\` to the next and the last one's type changes, and a spec of ${paths} paths with one response property removed. Each chain is set against the chain before it, scaled by 1.25 times the growth in links (a 4x chain at most 5x): within it, growth is linear.`,
  figures,
  versions: {},
};
emitSection(section, values.json);
