export const EVENT_TYPES = [
  "order.created",
  "order.payment_sent",
  "order.fulfilled",
  "order.failed",
  "order.expired",
  "session.started",
  "session.completed",
  "session.abandoned",
  "session.exception_opened",
  "session.exception_resolved",
  "refund.created",
  "refund.claimed",
  "refund.completed",
  "refund.cancelled",
  "refund.expired",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = "webhook.test";

/** The events of the v1 API (docs/api-v1.md), delivered to v1 webhooks; recorded beside the v0 ones. */
export const V1_EVENT_TYPES = [
  "ORDER_CREATED",
  "ORDER_FULFILLED",
  "ORDER_CANCELLED",
  "PAYMENT_CREATED",
  "PAYMENT_SETTLED",
  "PAYMENT_CANCELLED",
  "PAYMENT_EXPIRED",
  "PAYMENT_FAILED",
  "ORDER_EXCEPTION_OPENED",
  "ORDER_EXCEPTION_RESOLVED",
  "REFUND_PENDING",
  "REFUND_COMPLETED",
  "REFUND_CANCELLED",
] as const;

export type V1EventType = (typeof V1_EVENT_TYPES)[number];
/** A v1 webhook's test delivery. */
export const V1_TEST_EVENT_TYPE = "WEBHOOK_TEST";
