import { describe, expect, it } from 'vitest';
import { jsonPath, Proposer, proposalsOf, Tallies, thresholdsFrom } from '../src/index.js';

const valuesOpen = "The provider's documentation leaves the allowed values open.";
const formatOpen = "The provider's documentation leaves its format open.";

// Beside each open point, the same point where the contract states the rule: only the open one is proposed.
const document = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      get: {
        'x-source': 'T1',
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        description:
          "A thing. The provider's documentation leaves which fields are required or nullable open.",
        required: ['stated_required'],
        properties: {
          kind: { type: 'string', description: valuesOpen },
          stated_enum: { type: 'string', enum: ['a', 'b', 'c', 'd'], description: valuesOpen },
          when: { type: 'string', description: formatOpen },
          stated_format: { type: 'string', format: 'date-time', description: formatOpen },
          label: { type: 'string', description: 'A label (its values are not said to be open).' },
          phone: { type: 'string', description: valuesOpen },
          stated_required: { type: 'string' },
          stated_not_null: { type: 'integer' },
          maybe: { type: ['integer', 'null'] },
          password: { type: 'string', description: valuesOpen },
        },
      },
    },
  },
};

function thing(i: number): Record<string, unknown> {
  return {
    kind: ['alpha', 'beta'][i % 2],
    stated_enum: ['a', 'b'][i % 2],
    when: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`,
    stated_format: '2025-03-01T10:00:00Z',
    label: 'steady',
    phone: `+1415555010${i % 3}`,
    stated_required: 'x',
    stated_not_null: 1,
    maybe: i,
    password: 'hunter2',
  };
}

function tallied(count: number): Tallies {
  const tallies = new Tallies(new Map([['things', document]]));
  for (let i = 0; i < count; i++)
    tallies.observe(
      { service: 'things', method: 'GET', pathTemplate: '/things/{id}' },
      {
        status: 200,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: JSON.stringify(thing(i)),
      },
    );
  return tallies;
}

describe('proposals', () => {
  it('proposes at open points only, never where the contract states the rule', () => {
    const { proposals } = proposalsOf(tallied(25));
    const made = Object.fromEntries(
      proposals.map((p) => [`${p.kind} ${p.at}`, p.actions.map((a) => a.update)]),
    );
    const at = '#/components/schemas/Thing';
    expect(made).toEqual({
      [`required ${at}`]: [
        {
          required: [
            'kind',
            'label',
            'maybe',
            'password',
            'phone',
            'stated_enum',
            'stated_format',
            'stated_not_null',
            'when',
          ],
        },
      ],
      [`not-null ${at}/properties/maybe`]: [{ type: 'integer' }],
      [`enum ${at}/properties/kind`]: [{ enum: ['alpha', 'beta'] }],
      [`format ${at}/properties/when`]: [{ format: 'date-time' }],
      // A telephone number is never an enum, and is shown only as its shape.
      [`format ${at}/properties/phone`]: [{ pattern: '^\\+[1-9]\\d{1,14}$' }],
    });
    const phone = proposals.find((p) => p.at.endsWith('/phone'));
    expect(phone?.example).toBe('+99999999999');
    expect(phone?.sources).toEqual(['T1']);
    expect(JSON.stringify(proposals)).not.toContain('hunter2');
  });

  it('proposes nothing below the thresholds, and says why', () => {
    const { proposals, unsettled } = proposalsOf(tallied(19));
    expect(proposals).toEqual([]);
    expect(new Set(unsettled.map((u) => u.why))).toEqual(new Set(['fewer than 20 entries']));
    expect(proposalsOf(tallied(19), thresholdsFrom({ 'propose-min-entries': '10' })).proposals).toHaveLength(
      5,
    );
  });

  it('writes the evidence into each overlay action and a summary of a few lines', () => {
    const proposer = new Proposer(new Map([['things', document]]));
    for (const [service, tally] of tallied(25).byAt) proposer.tallies.byAt.set(service, tally);
    const { overlays, summary } = proposer.result();
    const overlay = overlays.get('things');
    expect(overlay?.overlay).toBe('1.0.0');
    expect(overlay?.actions.find((a) => a.target.endsWith('.kind'))?.description).toBe(
      'kind: the 2 values traffic shows: 2 values: "alpha" 13, "beta" 12; 25 entries; no line of specs/README.md names it',
    );
    expect(summary.split('\n').length).toBeLessThan(9);
  });

  it('names targets as JSONPath, quoting what is not a name', () => {
    expect(jsonPath('#/paths/~1a~1{id}/get/responses/200')).toBe("$.paths['/a/{id}'].get.responses['200']");
    expect(jsonPath("#/components/schemas/It's")).toBe("$.components.schemas['It\\'s']");
  });

  it('refuses thresholds out of range', () => {
    expect(() => thresholdsFrom({ 'propose-min-entries': '0' })).toThrow(
      /--propose-min-entries takes a whole number/,
    );
    expect(() => thresholdsFrom({ 'propose-min-share': '1.5' })).toThrow(/--propose-min-share takes a share/);
  });
});
