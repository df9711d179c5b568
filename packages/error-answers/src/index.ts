export {
  documentsStatus,
  errorResponse,
  joinMessages,
  type MockResponse,
  mockRefusal,
  problemResponse,
} from './error-response.js';
export {
  challenge,
  failureStatus,
  noteChosenStatus,
  operationOf,
  refusalAnswer,
  requirementsOf,
  securitySchemes,
  validationStatus,
} from './status.js';
export { locOf, type Violation } from './violations.js';
