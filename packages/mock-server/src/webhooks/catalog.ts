import { didYouMean } from '@svc-contracts/cli-output';
import { readXsd } from '@svc-contracts/contract-model';
import { requirementsOf, securitySchemes } from '@svc-contracts/error-answers';
import {
  examplesOf,
  isObject,
  isXmlMediaType,
  type JsonObject,
  type OpenApiDocument,
  operationsOf,
} from '@svc-contracts/openapi-utils';
import { type BundledService, bundleService, isWritten, listServices, SpecError } from '../services.js';

/** One named example of a webhook's request body, under one media type. */
export interface WebhookExample {
  name: string;
  /** The content map key it sits under (`application/json`, `*\/*`). */
  mediaType: string;
  value: unknown;
}

/** A callback a service sends, as its spec's root `webhooks` declares it. */
export interface WebhookDefinition {
  service: string;
  name: string;
  /** `numbers/orderNotification`: the HAR `_webhook` the contract checker reads. */
  id: string;
  method: string;
  summary: string | undefined;
  /** Media types of the request body, in spec order. */
  mediaTypes: string[];
  examples: WebhookExample[];
  /** The security alternatives, each the schemes that go together, with the scheme objects. */
  security: Array<Array<{ name: string; scheme: JsonObject }>>;
  /** `x-xsd.legacySchema` on an XML media type: the body may be written in the LEGACY number format. */
  hasLegacyForm: boolean;
}

/** The webhooks of one bundled spec. */
export function webhooksOf(service: string, spec: OpenApiDocument): WebhookDefinition[] {
  const schemes = securitySchemes(spec);
  const found: WebhookDefinition[] = [];
  for (const { key, method, operation } of operationsOf(spec, ['webhooks'])) {
    const body = isObject(operation.requestBody) ? operation.requestBody : {};
    const content = isObject(body.content) ? body.content : {};
    const examples: WebhookExample[] = [];
    let hasLegacyForm = false;
    for (const [mediaType, media] of Object.entries(content)) {
      if (!isObject(media)) continue;
      for (const { name, value } of examplesOf(spec, media)) examples.push({ name, mediaType, value });
      const xsd = readXsd(media).value;
      if (isXmlMediaType(mediaType) && xsd && xsd.legacySchema !== undefined) hasLegacyForm = true;
    }
    const security =
      Array.isArray(operation.security) || Array.isArray(spec.security)
        ? requirementsOf(spec, operation).map((names) =>
            names.map((name) => ({ name, scheme: schemes[name] ?? {} })),
          )
        : [];
    found.push({
      service,
      name: key,
      id: `${service}/${key}`,
      method: method.toUpperCase(),
      summary: typeof operation.summary === 'string' ? operation.summary : undefined,
      mediaTypes: Object.keys(content),
      examples,
      security,
      hasLegacyForm,
    });
  }
  return found;
}

/** The webhooks of the services `redocly.yaml` lists (the one service list), from their bundled specs: of
 * every written service, or of `only`. */
export async function loadWebhooks(configPath: string, only?: string): Promise<WebhookDefinition[]> {
  const listed = listServices(configPath);
  if (only !== undefined && !listed.some((service) => service.name === only)) {
    throw new SpecError(
      `Unknown service "${only}"${didYouMean(
        only,
        listed.map((service) => service.name),
      )}; ${configPath} lists ${listed.map((service) => service.name).join(', ')}.`,
    );
  }
  const wanted = listed.filter(
    (service) => (only === undefined || service.name === only) && isWritten(service),
  );
  const bundled: BundledService[] = await Promise.all(
    wanted.map((service) => bundleService(configPath, service)),
  );
  return bundled.flatMap(({ source, spec }) => webhooksOf(source.name, spec));
}
