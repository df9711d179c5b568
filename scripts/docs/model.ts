import { countOperations, operationsOf } from '@svc-contracts/openapi-utils';
import type { OpenApiDocument } from '../lib/specs.ts';

export interface OperationSummary {
  /** `paths` or `webhooks`. */
  kind: 'path' | 'webhook';
  method: string;
  /** The path, or the webhook's name. */
  path: string;
  operationId?: string;
  summary?: string;
}

export interface ServerSummary {
  url: string;
  description?: string;
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
  /** The URL with every variable replaced by its default. */
  resolved: string;
}

export interface SecuritySchemeSummary {
  name: string;
  /** One line: "HTTP Basic", "HTTP Bearer", "API key in header X-…", … */
  kind: string;
  description?: string;
}

export interface ServiceSummary {
  name: string;
  title: string;
  version: string;
  summary?: string;
  servers: ServerSummary[];
  securitySchemes: SecuritySchemeSummary[];
  operations: OperationSummary[];
  /** Operations under `paths` and webhooks: the count the mocks' table shows too. */
  counts: { operations: number; webhooks: number };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Every operation, paths then webhooks: the one enumeration (openapi-utils) the mocks count with too. */
function operationSummaries(spec: OpenApiDocument): OperationSummary[] {
  return [...operationsOf(spec)].map(({ section, key, method, operation }) => {
    const entry: OperationSummary = {
      kind: section === 'paths' ? 'path' : 'webhook',
      method: method.toUpperCase(),
      path: key,
    };
    const operationId = text(operation.operationId);
    const summary = text(operation.summary);
    if (operationId) entry.operationId = operationId;
    if (summary) entry.summary = summary;
    return entry;
  });
}

export function summariseServer(server: unknown): ServerSummary {
  const data = record(server);
  const url = text(data.url) ?? '/';
  const variables = Object.entries(record(data.variables)).map(([name, variable]) => {
    const v = record(variable);
    const entry: ServerSummary['variables'][number] = { name, default: String(v.default ?? '') };
    if (Array.isArray(v.enum)) entry.enum = v.enum.map(String);
    const description = text(v.description);
    if (description) entry.description = description;
    return entry;
  });
  const resolved = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables.find((candidate) => candidate.name === name);
    return variable ? variable.default : whole;
  });
  const summary: ServerSummary = { url, variables, resolved };
  const description = text(data.description);
  if (description) summary.description = description;
  return summary;
}

export function summariseSecurityScheme(name: string, scheme: unknown): SecuritySchemeSummary {
  const data = record(scheme);
  let kind: string;
  switch (data.type) {
    case 'http': {
      const httpScheme = String(data.scheme ?? '').toLowerCase();
      kind =
        httpScheme === 'basic'
          ? 'HTTP Basic'
          : httpScheme === 'bearer'
            ? `HTTP Bearer${data.bearerFormat ? ` (${String(data.bearerFormat)})` : ''}`
            : `HTTP ${String(data.scheme)}`;
      break;
    }
    case 'apiKey':
      kind = `API key in ${String(data.in)} ${String(data.name)}`;
      break;
    case 'oauth2':
      kind = `OAuth 2 (${Object.keys(record(data.flows)).join(', ') || 'no flows'})`;
      break;
    case 'openIdConnect':
      kind = `OpenID Connect (${String(data.openIdConnectUrl)})`;
      break;
    case 'mutualTLS':
      kind = 'Mutual TLS';
      break;
    default:
      kind = String(data.type ?? 'unknown');
  }
  const summary: SecuritySchemeSummary = { name, kind };
  const description = text(data.description);
  if (description) summary.description = description;
  return summary;
}

/** What the index page and the test need to know of one bundled spec. */
export function summariseService(name: string, spec: OpenApiDocument): ServiceSummary {
  const info = record(spec.info);
  const components = record(spec.components);
  const summary: ServiceSummary = {
    name,
    title: text(info.title) ?? name,
    version: text(info.version) ?? '(no version)',
    servers: (Array.isArray(spec.servers) ? spec.servers : []).map(summariseServer),
    securitySchemes: Object.entries(record(components.securitySchemes)).map(([schemeName, scheme]) =>
      summariseSecurityScheme(schemeName, scheme),
    ),
    operations: operationSummaries(spec),
    counts: countOperations(spec),
  };
  const infoSummary = text(info.summary);
  if (infoSummary) summary.summary = infoSummary;
  return summary;
}
