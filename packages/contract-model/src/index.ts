export {
  type BundledSpec,
  type BundledSpecs,
  type BundleOptions,
  bundleService,
  bundleSpecs,
  SpecError,
} from './bundle.js';
export * from './extensions/index.js';
export {
  findConfigPath,
  isWritten,
  listServices,
  type Service,
  type ServiceSource,
  serviceOf,
} from './services.js';
export { lineFinder, type SpecLine, specLineFinder } from './spec-lines.js';
