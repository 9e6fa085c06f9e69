import { describe, expect, it } from "vitest";
import { sessionTimeline } from "./timeline";

// The session page's one timeline: state changes, order steps, proofs and events, oldest first.

const T = (s: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, s)).toISOString();
type Detail = Parameters<typeof sessionTimeline>[0];

const order = (over: Partial<Detail["orders"][number]> = {}) =>
  ({
    id: "ord_1",
    status: "FULFILLED",
    createdAt: T(10),
    paymentSentAt: T(20),
    fulfilledAt: T(30),
    endedAt: null,
    ...over,
  }) as Detail["orders"][number];

const event = (id: string, type: string, at: string) => ({ id, type, at, deliveries: [] }) as unknown as Detail["timeline"][number];

describe("sessionTimeline", () => {
  it("interleaves the session's states, the order's steps, proofs and events by time", () => {
    const entries = sessionTimeline({
      session: { status: "COMPLETED", createdAt: T(0) } as Detail["session"],
      endedAt: T(30),
      orders: [order()],
      proofAttempts: [{ id: "pa_1", orderId: "ord_1", outcome: "success", errorCode: null, txHash: null, at: T(30) }],
      timeline: [
        event("evt_2", "order.fulfilled", T(30)),
        event("evt_1", "order.created", T(10)),
        event("evt_0", "session.started", T(10)),
      ],
    });
    expect(
      entries.map((e) =>
        e.kind === "session" ? `session ${e.status}` : e.kind === "order" ? `order ${e.step}` : e.kind === "event" ? e.event.type : "proof",
      ),
    ).toEqual([
      "session CREATED",
      "order created",
      "session ACTIVE",
      "order.created",
      "session.started",
      "order payment_sent",
      "proof",
      "order fulfilled",
      "session COMPLETED",
      "order.fulfilled",
    ]);
  });

  it("an open session without orders has only its creation; an expired order ends at its last change", () => {
    expect(
      sessionTimeline({
        session: { status: "CREATED", createdAt: T(0) } as Detail["session"],
        endedAt: null,
        orders: [],
        proofAttempts: [],
        timeline: [],
      }),
    ).toEqual([{ kind: "session", at: T(0), status: "CREATED" }]);
    const expired = sessionTimeline({
      session: { status: "EXPIRED", createdAt: T(0) } as Detail["session"],
      endedAt: T(50),
      orders: [order({ status: "EXPIRED", paymentSentAt: null, fulfilledAt: null, endedAt: T(40) })],
      proofAttempts: [],
      timeline: [],
    });
    expect(expired.map((e) => [e.kind, e.at])).toEqual([
      ["session", T(0)],
      ["order", T(10)],
      ["session", T(10)],
      ["order", T(40)],
      ["session", T(50)],
    ]);
    expect(expired.at(-1)).toMatchObject({ kind: "session", status: "EXPIRED" });
  });
});
