import type { getSessionDetail } from "./session-detail";

// A session's history as one list, oldest first: its own state changes, each order's steps, each
// proof attempt and each event (its deliveries and their attempts ride along with it). Pure: the
// page renders what this returns.

type Detail = Awaited<ReturnType<typeof getSessionDetail>>;
export type TimelineOrder = Detail["orders"][number];
export type TimelineEvent = Detail["timeline"][number];
export type TimelineProof = Detail["proofAttempts"][number];

export type TimelineEntry =
  | { kind: "session"; at: string; status: "CREATED" | "ACTIVE" | "COMPLETED" | "EXPIRED" | "CANCELLED" }
  | { kind: "order"; at: string; step: "created" | "payment_sent" | "fulfilled" | "ended"; order: TimelineOrder }
  | { kind: "proof"; at: string; proof: TimelineProof; order: TimelineOrder | undefined }
  | { kind: "event"; at: string; event: TimelineEvent };

// at the same instant, cause before effect: the proof, then the order's step, then the session's
// state it moved (an order created makes the session active, a fulfilled one completes it), then the event
const RANK: Record<TimelineEntry["kind"], number> = { proof: 0, order: 1, session: 2, event: 3 };

export function sessionTimeline(detail: Pick<Detail, "session" | "endedAt" | "orders" | "proofAttempts" | "timeline">): TimelineEntry[] {
  const { session } = detail;
  const entries: TimelineEntry[] = [{ kind: "session", at: session.createdAt, status: "CREATED" }];
  // start makes the session ACTIVE in the transaction that creates its first order
  const first = detail.orders[0];
  if (first) entries.push({ kind: "session", at: first.createdAt, status: "ACTIVE" });
  if (detail.endedAt && (session.status === "COMPLETED" || session.status === "EXPIRED" || session.status === "CANCELLED")) {
    entries.push({ kind: "session", at: detail.endedAt, status: session.status });
  }
  for (const order of detail.orders) {
    entries.push({ kind: "order", at: order.createdAt, step: "created", order });
    if (order.paymentSentAt) entries.push({ kind: "order", at: order.paymentSentAt, step: "payment_sent", order });
    if (order.fulfilledAt) entries.push({ kind: "order", at: order.fulfilledAt, step: "fulfilled", order });
    if (order.endedAt) entries.push({ kind: "order", at: order.endedAt, step: "ended", order });
  }
  const byId = new Map(detail.orders.map((o) => [o.id, o]));
  for (const proof of detail.proofAttempts) entries.push({ kind: "proof", at: proof.at, proof, order: byId.get(proof.orderId) });
  for (const event of detail.timeline) entries.push({ kind: "event", at: event.at, event });
  // a stable sort: entries of one kind at one instant keep the order they were read in
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || RANK[a.kind] - RANK[b.kind]);
}
