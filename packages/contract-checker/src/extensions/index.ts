/**
 * `@svc-contracts/contract-checker/extensions`: the `x-echoes` and `x-filters` rules as the checker reads
 * and applies them, for the mocks, so that what they serve is exactly what the checker accepts.
 */
export { applyEchoes, type EchoRule, echoRules } from './echoes.js';
export { applyFilters, filterQuery, filterRules, type QueryValues } from './filters.js';
