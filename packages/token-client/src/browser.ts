// What a bundler resolves for a browser build (the `browser` condition of package.json): the token
// request needs the client secret, which must never ship to a browser. Importing this module throws;
// the exports exist only so that the bundler resolves the import and the error is this clear one.
import { SERVER_ONLY_MESSAGE, ServerOnlyError } from './errors.js';

function refuse(): never {
  throw new ServerOnlyError(SERVER_ONLY_MESSAGE);
}

export class TokenClient {
  constructor() {
    refuse();
  }
}

export class AccessTokenProvider {
  constructor() {
    refuse();
  }
}

export { ServerOnlyError, TokenApiError } from './errors.js';

refuse();
