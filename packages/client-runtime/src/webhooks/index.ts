// `@svc-contracts/client-runtime/webhooks`: receiving the callbacks the services send (Node only: it uses
// `node:crypto`). The service clients build their typed handlers on it; the main entry stays free of it.
export {
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  readWebhookBody,
  type WebhookHandlerOptions,
  webhookRequestHandler,
} from './node-handler.js';
export {
  checkDelivery,
  type DeliveryHeaders,
  defaultMaxBodyBytes,
  deliveryMediaType,
  headerValue,
  isJsonDelivery,
  isXmlDelivery,
  parseJsonBody,
  type ReceiveOptions,
  verifyBasicCredentials,
  type WebhookDelivery,
  WebhookError,
  type WebhookFailure,
} from './receive.js';
