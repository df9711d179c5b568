/** `@svc-contracts/contract-checker/extensions`: the `x-echoes` and `x-filters` rules applied as the checker
 * judges them, for the mocks, so that what they serve is exactly what the checker accepts. */
export { applyEchoes } from './echoes.js';
export { applyFilters, filterQuery, type QueryValues } from './filters.js';
