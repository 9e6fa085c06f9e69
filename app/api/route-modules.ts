// Written by `npm run api:routes` (lib/openapi/route-index.ts) from the app/api tree: every route
// module of the API at its OpenAPI path. The OpenAPI document is built from their handlers.
import { buildDocument, type RouteModule } from "@/lib/openapi/document";
import { documentRoute } from "@/lib/openapi/document-route";
import * as checkoutSessions from "./checkout/sessions/route";
import * as checkoutSessionsId from "./checkout/sessions/[id]/route";
import * as checkoutSessionsIdCancel from "./checkout/sessions/[id]/cancel/route";
import * as checkoutSessionsIdOrder from "./checkout/sessions/[id]/order/route";
import * as checkoutSessionsIdPaymentSent from "./checkout/sessions/[id]/payment-sent/route";
import * as checkoutSessionsIdSelectPlatform from "./checkout/sessions/[id]/select-platform/route";
import * as checkoutSessionsIdStart from "./checkout/sessions/[id]/start/route";
import * as events from "./events/route";
import * as eventsFeed from "./events/feed/route";
import * as health from "./health/route";
import * as healthLive from "./health/live/route";
import * as healthReady from "./health/ready/route";
import * as merchants from "./merchants/route";
import * as merchantsId from "./merchants/[id]/route";
import * as merchantsMe from "./merchants/me/route";
import * as merchantsMeEmbedding from "./merchants/me/embedding/route";
import * as ordersFulfill from "./orders/fulfill/route";
import * as paymentLinks from "./payment-links/route";
import * as paymentLinksId from "./payment-links/[id]/route";
import * as v1MerchantsMe from "./v1/merchants/me/route";
import * as v1Orders from "./v1/orders/route";
import * as v1OrdersId from "./v1/orders/[id]/route";
import * as v1OrdersIdCancel from "./v1/orders/[id]/cancel/route";
import * as v1OrdersIdPayments from "./v1/orders/[id]/payments/route";
import * as v1PaymentLinks from "./v1/payment-links/route";
import * as v1PaymentLinksId from "./v1/payment-links/[id]/route";
import * as v1Webhooks from "./v1/webhooks/route";
import * as v1WebhooksId from "./v1/webhooks/[id]/route";
import * as v1WebhooksIdDeliveries from "./v1/webhooks/[id]/deliveries/route";
import * as v1WebhooksIdDeliveriesDeliveryId from "./v1/webhooks/[id]/deliveries/[deliveryId]/route";
import * as v1WebhooksIdDeliveriesDeliveryIdRetry from "./v1/webhooks/[id]/deliveries/[deliveryId]/retry/route";
import * as v1WebhooksIdRotateSecret from "./v1/webhooks/[id]/rotate-secret/route";
import * as v1WebhooksIdTest from "./v1/webhooks/[id]/test/route";
import * as webhooks from "./webhooks/route";
import * as webhooksId from "./webhooks/[id]/route";
import * as webhooksIdDeliveries from "./webhooks/[id]/deliveries/route";
import * as webhooksIdDeliveriesDeliveryId from "./webhooks/[id]/deliveries/[deliveryId]/route";
import * as webhooksIdDeliveriesDeliveryIdRetry from "./webhooks/[id]/deliveries/[deliveryId]/retry/route";
import * as webhooksIdRotateSecret from "./webhooks/[id]/rotate-secret/route";
import * as webhooksIdTest from "./webhooks/[id]/test/route";

export const ROUTE_MODULES: RouteModule[] = [
  { path: "/api/checkout/sessions", module: checkoutSessions },
  { path: "/api/checkout/sessions/{id}", module: checkoutSessionsId },
  { path: "/api/checkout/sessions/{id}/cancel", module: checkoutSessionsIdCancel },
  { path: "/api/checkout/sessions/{id}/order", module: checkoutSessionsIdOrder },
  { path: "/api/checkout/sessions/{id}/payment-sent", module: checkoutSessionsIdPaymentSent },
  { path: "/api/checkout/sessions/{id}/select-platform", module: checkoutSessionsIdSelectPlatform },
  { path: "/api/checkout/sessions/{id}/start", module: checkoutSessionsIdStart },
  { path: "/api/events", module: events },
  { path: "/api/events/feed", module: eventsFeed },
  { path: "/api/health", module: health },
  { path: "/api/health/live", module: healthLive },
  { path: "/api/health/ready", module: healthReady },
  { path: "/api/merchants", module: merchants },
  { path: "/api/merchants/{id}", module: merchantsId },
  { path: "/api/merchants/me", module: merchantsMe },
  { path: "/api/merchants/me/embedding", module: merchantsMeEmbedding },
  { path: "/api/openapi.json", module: documentRoute(() => openApiDocument()) },
  { path: "/api/orders/fulfill", module: ordersFulfill },
  { path: "/api/payment-links", module: paymentLinks },
  { path: "/api/payment-links/{id}", module: paymentLinksId },
  { path: "/api/v1/merchants/me", module: v1MerchantsMe },
  { path: "/api/v1/orders", module: v1Orders },
  { path: "/api/v1/orders/{id}", module: v1OrdersId },
  { path: "/api/v1/orders/{id}/cancel", module: v1OrdersIdCancel },
  { path: "/api/v1/orders/{id}/payments", module: v1OrdersIdPayments },
  { path: "/api/v1/payment-links", module: v1PaymentLinks },
  { path: "/api/v1/payment-links/{id}", module: v1PaymentLinksId },
  { path: "/api/v1/webhooks", module: v1Webhooks },
  { path: "/api/v1/webhooks/{id}", module: v1WebhooksId },
  { path: "/api/v1/webhooks/{id}/deliveries", module: v1WebhooksIdDeliveries },
  { path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}", module: v1WebhooksIdDeliveriesDeliveryId },
  { path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry", module: v1WebhooksIdDeliveriesDeliveryIdRetry },
  { path: "/api/v1/webhooks/{id}/rotate-secret", module: v1WebhooksIdRotateSecret },
  { path: "/api/v1/webhooks/{id}/test", module: v1WebhooksIdTest },
  { path: "/api/webhooks", module: webhooks },
  { path: "/api/webhooks/{id}", module: webhooksId },
  { path: "/api/webhooks/{id}/deliveries", module: webhooksIdDeliveries },
  { path: "/api/webhooks/{id}/deliveries/{deliveryId}", module: webhooksIdDeliveriesDeliveryId },
  { path: "/api/webhooks/{id}/deliveries/{deliveryId}/retry", module: webhooksIdDeliveriesDeliveryIdRetry },
  { path: "/api/webhooks/{id}/rotate-secret", module: webhooksIdRotateSecret },
  { path: "/api/webhooks/{id}/test", module: webhooksIdTest },
];

/** The API's OpenAPI document, built once per process. */
export const openApiDocument = () => buildDocument(ROUTE_MODULES);
