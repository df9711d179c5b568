export * from '../../packages/contract-checker/src/schema-validator.ts';
