export {
  type BundledSpec,
  type BundledSpecs,
  type BundleOptions,
  bundleService,
  bundleSpecs,
  SpecError,
  specRootOf,
  specRootOfFile,
} from './bundle.js';
export * from './extensions/index.js';
export { type GuardedResolver, guardedResolver, type SpecInputPolicy } from './resolver.js';
export {
  configHosts,
  findConfigPath,
  isWritten,
  listServices,
  type Service,
  type ServiceSource,
  serviceOf,
} from './services.js';
export {
  budgetVariables,
  checkSpecFile,
  defaultSpecBudgets,
  isUrl,
  parseSpecText,
  readSpecFile,
  type SpecBudgets,
  SpecInputError,
  type SpecInputRule,
  specBudgets,
  specInputRules,
} from './spec-input.js';
export { lineFinder, type SpecLine, specLineFinder } from './spec-lines.js';
