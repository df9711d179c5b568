import { describe, expect, it } from 'vitest';
import { collapseAliasChains } from '../src/aliases.js';

// Each local `$ref` to a pure alias is pointed at the chain's end while Redocly resolves, and put back after.
const schemas = (entries: Record<string, unknown>) => ({ components: { schemas: entries } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('alias chains pointed at their end', () => {
  const rows: Array<{ given: string; document: ReturnType<typeof schemas>; ref: string; want: string }> = [
    {
      given: 'a chain of pure aliases',
      document: schemas({ A: ref('B'), B: ref('C'), C: ref('D'), D: { type: 'string' }, X: ref('A') }),
      ref: 'X',
      want: '#/components/schemas/D',
    },
    {
      given: 'a target that is no alias',
      document: schemas({ A: { type: 'string' }, X: ref('A') }),
      ref: 'X',
      want: '#/components/schemas/A',
    },
    {
      given: 'an alias with siblings (a composition, not an alias)',
      document: schemas({ A: { ...ref('B'), description: 'd' }, B: { type: 'string' }, X: ref('A') }),
      ref: 'X',
      want: '#/components/schemas/A',
    },
    {
      given: 'a cycle (left for Redocly to report)',
      document: schemas({ A: ref('B'), B: ref('A'), X: ref('A') }),
      ref: 'X',
      want: '#/components/schemas/A',
    },
    {
      given: 'a chain ending in another file',
      document: schemas({ A: ref('B'), B: { $ref: './b.yaml#/S' }, X: ref('A') }),
      ref: 'X',
      want: '#/components/schemas/B',
    },
    {
      given: 'a dangling end',
      document: schemas({ A: ref('missing'), X: ref('A') }),
      ref: 'X',
      want: '#/components/schemas/A',
    },
  ];
  it.each(rows)('$given', ({ document, ref: name, want }) => {
    const written = JSON.stringify(document);
    const restore = collapseAliasChains(document);
    expect((document.components.schemas[name] as { $ref: string }).$ref).toBe(want);
    restore();
    expect(JSON.stringify(document)).toBe(written);
  });

  it('ends a chain of 20,000 links in one pass (each link visited once)', () => {
    const entries: Record<string, unknown> = { [`S${20_000}`]: { type: 'string' } };
    for (let i = 0; i < 20_000; i++) entries[`S${i}`] = ref(`S${i + 1}`);
    const document = schemas(entries);
    collapseAliasChains(document);
    expect(
      Object.values(document.components.schemas).filter(
        (s) => (s as { $ref?: string }).$ref !== '#/components/schemas/S20000',
      ),
    ).toHaveLength(1);
  });
});
