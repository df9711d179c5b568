import type { LocalServer } from '../../client-runtime/test/support/local-server.js';
import { AgentsClient, type AgentsCredentials } from '../src/index.js';

export {
  type LocalServer,
  sendJson,
  sequence,
  startServer,
} from '../../client-runtime/test/support/local-server.js';

export const API_KEY = 'sk-agents-test-0123456789';

export function apiKeyClient(server: LocalServer, organizationId: number | string = 42): AgentsClient {
  return new AgentsClient({
    baseUrl: server.origin,
    credentials: { apiKey: API_KEY, organizationId },
    retry: false,
  });
}

export function bearerClient(
  server: LocalServer,
  token: AgentsCredentials['bearerToken'] = () => 'user-token-1',
): AgentsClient {
  return new AgentsClient({
    baseUrl: server.origin,
    credentials: { bearerToken: token as () => string },
    retry: false,
  });
}

/** The query of a recorded request as an object (decoded). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}
