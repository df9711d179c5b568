import { parseArgs } from 'node:util';
import { type Colors, didYouMean, type Style } from '@svc-contracts/cli-output';
import type { HarNameValue } from '@svc-contracts/har';
import { findConfig, SpecError } from '../services.js';
import { loadWebhooks, type WebhookDefinition } from './catalog.js';
import { accepted, attempt, type Delivery, DeliveryUrlError, deliveryUrl } from './deliver.js';
import { buildPayload, PayloadError, parseOverride } from './payload.js';
import { DeliveryRecorder, RecordingExistsError } from './record.js';

export const triggerUsage = `Usage: svc-mocks trigger <service> <webhook> --to <url> [options]
       svc-mocks trigger --list [<service>]

Sends one callback a spec declares under its root \`webhooks\` to a receiver, built from one of the
spec's examples, and prints the receiver's answer. Exit code 0 when the receiver answers 2xx, 1 when it
answers anything else or cannot be reached, 2 for a usage error.

Options:
  --to <url>              the receiver (http or https; any host: you chose it)
  --example <name>        the spec example to send (default: the first; --list shows them)
  --set <name=value>      change the example (repeatable): a JSON member (tag=table-42, a.b=1; the value
                          is read as JSON when it parses, so quote a string that looks like a number:
                          'tag="42"') or the text of an XML element (Status=COMPLETE;
                          TelephoneNumber=+14155550100,+14155550101 replaces the list)
  --number-format LEGACY  numbers in their 10-digit LEGACY form (order notification, rule 5)
  --basic <user:password> HTTP Basic credentials to present (the numbers subscription's
                          CallbackCredentials). The specs name no scheme for any callback (the source
                          does not show how callbacks are authenticated), so none is sent without it.
  --content-type <type>   send with this Content-Type instead of the example's media type
  --record <file.har>     write the exchange to a new HAR file, credentials masked, marked
                          _webhook: "<service>/<webhook>" for pnpm contract-check
  --timeout <ms>          bound of the whole exchange (default 5000)
  --config <path>         redocly.yaml listing the services (default: nearest one)
  --list                  the webhooks of the specs, with their examples
  -h, --help              this text

Example: pnpm mock trigger numbers orderNotification --to http://localhost:3000/hooks --basic user:pass`;

export interface TriggerOutput {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The CLI's styling (`colorsFor` of @svc-contracts/cli-output); none when left out. */
  colors?: Colors;
}

class UsageError extends Error {}

/** `svc-mocks trigger ...`: 0 when the receiver accepted the callback (2xx), 1 when not, 2 on a usage error. */
export async function runTrigger(argv: readonly string[], output: TriggerOutput): Promise<number> {
  const { out, err } = output;
  const paint = (style: Style, text: string): string => output.colors?.style(style, text) ?? text;
  let values: ReturnType<typeof parse>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parse(argv));
  } catch (error) {
    err(`svc-mocks trigger: ${(error as Error).message}\n\n${triggerUsage}`);
    return 2;
  }
  if (values.help) {
    out(triggerUsage);
    return 0;
  }
  try {
    const configPath = values.config ?? findConfig();
    const [serviceName, webhookName] = positionals;
    if (values.list) {
      out(formatList(await loadWebhooks(configPath, serviceName)));
      return 0;
    }
    if (serviceName === undefined || webhookName === undefined)
      throw new UsageError('name the service and the webhook (see --list).');
    if (positionals.length > 2) throw new UsageError(`unexpected argument "${positionals[2]}".`);
    if (values.to === undefined) throw new UsageError('--to <url> is required: where to send the callback.');
    const url = deliveryUrl(values.to).href;
    const timeoutMs = values.timeout === undefined ? 5_000 : Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > 600_000)
      throw new UsageError(`--timeout takes milliseconds between 1 and 600000; got "${values.timeout}".`);
    const numberFormat = values['number-format'];
    if (numberFormat !== undefined && numberFormat !== 'LEGACY' && numberFormat !== 'E164')
      throw new UsageError(`--number-format takes LEGACY or E164; got "${numberFormat}".`);

    const webhooks = await loadWebhooks(configPath, serviceName);
    const webhook = webhooks.find((candidate) => candidate.name === webhookName);
    if (!webhook) {
      const names = webhooks.map((candidate) => candidate.name);
      throw new UsageError(
        `${serviceName} has no webhook "${webhookName}"${didYouMean(webhookName, names)}; it has ${names.join(', ') || 'none'}.`,
      );
    }
    const payload = buildPayload(webhook, {
      ...(values.example === undefined ? {} : { exampleName: values.example }),
      overrides: (values.set ?? []).map(parseOverride),
      ...(numberFormat === undefined ? {} : { numberFormat }),
      ...(values['content-type'] === undefined ? {} : { contentType: values['content-type'] }),
    });
    const headers: HarNameValue[] = [{ name: 'content-type', value: payload.contentType }];
    const authorization = credentialsFor(webhook, values.basic);
    if (authorization) headers.push({ name: 'authorization', value: authorization });
    const delivery: Delivery = {
      webhook: webhook.id,
      url,
      method: webhook.method,
      headers,
      body: payload.body,
    };

    const recorder = values.record === undefined ? undefined : await DeliveryRecorder.create(values.record);
    out(
      `→ ${delivery.method} ${url}  ${webhook.id} (example ${payload.example.name}, ${payload.contentType})`,
    );
    const result = await attempt(delivery, { timeoutMs });
    try {
      await recorder?.record(delivery, result);
    } finally {
      await recorder?.close();
    }
    if (result.response) {
      const { status, statusText } = result.response;
      const line = `← ${status}${statusText ? ` ${statusText}` : ''} (${result.milliseconds} ms)`;
      if (accepted(result)) out(`${paint('green', line)}  accepted`);
      else err(`${paint('red', line)}  not accepted: the receiver answered ${status}, not 2xx`);
    } else {
      err(paint('red', `✗ not delivered: ${result.failure}`));
    }
    if (values.record !== undefined)
      out(
        `recorded ${recorder?.entries ?? 0} entr${recorder?.entries === 1 ? 'y' : 'ies'} in ${values.record}`,
      );
    return accepted(result) ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || error instanceof PayloadError || error instanceof DeliveryUrlError) {
      err(`svc-mocks trigger: ${error.message}\n(svc-mocks trigger --help)`);
      return 2;
    }
    if (error instanceof SpecError || error instanceof RecordingExistsError) {
      err(`svc-mocks trigger: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

/** The `Authorization` to send: Basic from `--basic` when given. */
function credentialsFor(webhook: WebhookDefinition, basic: string | undefined): string | undefined {
  const open =
    webhook.security.length === 0 || webhook.security.some((alternative) => alternative.length === 0);
  if (!open) {
    const basicNamed = webhook.security.some((alternative) =>
      alternative.every(
        ({ scheme }) => scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic',
      ),
    );
    const names = webhook.security
      .map((alternative) => alternative.map(({ name }) => name).join(' + '))
      .join(' | ');
    if (!basicNamed) throw new UsageError(`${webhook.id} takes ${names}, which trigger cannot present.`);
    if (basic === undefined)
      throw new UsageError(`${webhook.id} takes ${names}: pass --basic user:password.`);
  }
  if (basic === undefined) return undefined;
  const colon = basic.indexOf(':');
  if (colon <= 0) throw new UsageError('--basic takes user:password (a user that is not empty).');
  return `Basic ${Buffer.from(basic, 'utf8').toString('base64')}`;
}

/** The list `--list` prints: each webhook, its media types and examples. */
export function formatList(webhooks: readonly WebhookDefinition[]): string {
  if (webhooks.length === 0) return 'No webhook in these specs.';
  return webhooks
    .map((webhook) => {
      const examples = webhook.examples.map((example) => `${example.name} (${example.mediaType})`).join(', ');
      const legacy = webhook.hasLegacyForm ? '; --number-format LEGACY' : '';
      return `${webhook.service} ${webhook.name}  ${webhook.method}  ${webhook.summary ?? ''}\n    examples: ${examples || 'none'}${legacy}`;
    })
    .join('\n');
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      example: { type: 'string' },
      set: { type: 'string', multiple: true },
      'number-format': { type: 'string' },
      basic: { type: 'string' },
      'content-type': { type: 'string' },
      record: { type: 'string' },
      timeout: { type: 'string' },
      config: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
