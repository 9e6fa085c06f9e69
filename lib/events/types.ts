export const EVENT_TYPES = [
  "order.created",
  "order.payment_sent",
  "order.fulfilled",
  "order.failed",
  "order.expired",
  "session.started",
  "session.completed",
  "session.abandoned",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = "webhook.test";
