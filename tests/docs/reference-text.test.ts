import { describe, expect, it } from 'vitest';
import { bundleService, listWrittenServices } from '../../scripts/lib/specs.ts';

/**
 * The API reference (pnpm run docs: one Redoc page per bundled spec) speaks to the APIs' consumers: the
 * text it renders (every description, summary and title, outside `x-` extensions, which Redoc does not
 * show) names no `x-` extension and carries no authoring note. How a rule is encoded belongs in YAML
 * comments and specs/README.md. Server descriptions are shown as plain text: no Markdown in them.
 */
const authoring: Array<[RegExp, string]> = [
  [/(?<![\w/.-])x-[a-z][a-z-]*/, 'an x- extension name'],
  [/\bthe source\b(?! of truth)/i, '"the source" (the provider\'s documentation, for a consumer)'],
  [/only through its errors/i, 'an authoring note'],
  [/\bchecker\b|\btraffic\b|\bmock(s|'s)?\b/i, 'a note about our tools (the checker, the mocks)'],
];

interface Text {
  where: string;
  text: string;
}

function renderedText(node: unknown, where: string, found: Text[]): Text[] {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) renderedText(item, `${where}/${index}`, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') || key === 'example' || (key === 'examples' && where.endsWith('schema')))
        continue;
      if (['description', 'summary', 'title'].includes(key) && typeof value === 'string')
        found.push({ where: `${where}/${key}`, text: value });
      else if (key !== 'value' && key !== 'default' && key !== 'enum' && key !== 'const')
        renderedText(value, `${where}/${key}`, found);
    }
  }
  return found;
}

const bundled = await Promise.all(listWrittenServices().map((service) => bundleService(service)));

describe('the API reference speaks to consumers', () => {
  it.each(bundled.map(({ service, spec }) => [service.name, spec] as const))(
    '%s: no x- extension name nor authoring note in what the page renders',
    (_name, spec) => {
      const problems = renderedText(spec, '', []).flatMap(({ where, text }) =>
        authoring.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${where}: ${what}`),
      );
      expect(problems).toEqual([]);
    },
  );

  it.each(bundled.map(({ service, spec }) => [service.name, spec] as const))(
    '%s: server descriptions are plain text',
    (_name, spec) => {
      const servers = (spec.servers ?? []) as Array<{ description?: string; variables?: object }>;
      for (const server of servers) {
        expect(server.description ?? '').not.toMatch(/[`*_[\]]/);
        for (const variable of Object.values(server.variables ?? {}) as Array<{ description?: string }>)
          expect(variable.description ?? '').not.toMatch(/`/);
      }
    },
  );

  it('finds what it looks for', () => {
    const spec = { paths: { '/a': { get: { description: 'Open (`x-body-open`); the source says so.' } } } };
    const texts = renderedText(spec, '', []);
    expect(texts).toHaveLength(1);
    const hits = authoring.filter(([pattern]) => pattern.test(texts[0]?.text ?? '')).map(([, what]) => what);
    expect(hits).toHaveLength(2);
    expect(authoring[0]?.[0].test('application/x-www-form-urlencoded')).toBe(false);
  });
});
