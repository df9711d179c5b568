import { describe, expect, it } from 'vitest';
import type { Violation } from '../src/index.js';

/**
 * One violation a row expects, in order: its rule, and whichever of the other fields the row pins down
 * (a message may be an asymmetric matcher: `expect.stringMatching(...)`, `expect.not.stringContaining(...)`).
 */
export type Want = Pick<Violation, 'rule'> &
  Partial<Pick<Violation, 'pointer' | 'specLocation' | 'reason'>> & { message?: unknown };

/** A row of a rule's table: what is given, and every violation wanted (none for a passing row). */
export interface Scenario<Given> {
  name: string;
  given: Given;
  want: Want[];
}

/**
 * A rule's cases as a table, in the manner of Spectral rulesets' `testRule(name, scenarios)`: each row is
 * checked alone, and the table itself must hold a passing row and a failing row of the rule (every check
 * can fail, and does not fail everything).
 */
export function testRule<Given>(
  rule: Violation['rule'],
  check: (given: Given) => Promise<readonly Violation[]>,
  scenarios: Array<Scenario<Given>>,
): void {
  describe(rule, () => {
    it('has a passing row and a failing row', () => {
      expect(scenarios.filter((scenario) => scenario.want.length === 0).length).toBeGreaterThan(0);
      expect(
        scenarios.filter((scenario) => scenario.want.some((want) => want.rule === rule)).length,
      ).toBeGreaterThan(0);
    });

    it.each(scenarios)('$name', async ({ given, want }) => {
      const found = await check(given);
      expect(found.map((violation) => violation.rule)).toEqual(want.map((wanted) => wanted.rule));
      expect(found).toMatchObject(want);
    });
  });
}
