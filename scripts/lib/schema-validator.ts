// The contract checker's validator (JSON Schema 2020-12, strict, one compile per schema), by its public API.
export {
  createSchemaValidator,
  type SchemaIssue,
  type SchemaValidator,
} from '@svc-contracts/contract-checker';
