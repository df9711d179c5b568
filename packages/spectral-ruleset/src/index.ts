/**
 * @svc-contracts/spectral-ruleset: our Spectral ruleset.
 *
 * The default export is the ruleset definition, ready for `spectral.setRuleset(ruleset)` and for
 * `extends: ["@svc-contracts/spectral-ruleset"]` in a .spectral.yaml (Spectral imports the default export).
 */
import { createRuleset } from './ruleset.js';

export type { XsdBaseDirectory } from './rules/xml-xsd.js';
export { createRules, createRuleset, REPLACED_BUILT_INS, type RulesetOptions } from './ruleset.js';

const ruleset = createRuleset();

export default ruleset;
