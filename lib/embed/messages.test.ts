import { describe, expect, it } from "vitest";
import type { CheckoutStep } from "@/lib/checkout/view";
import { EMBED_CHANNEL, embedEventOf, embedMessage, targetOrigins } from "./messages";
import { embeddedSessionOf, embedRequested } from "./request";

const allowed = ["https://shop.example.com", "http://localhost:5173"];

describe("embedded checkout messages", () => {
  it("only the ends of a checkout are told: paid, expired, cancelled", () => {
    const steps: CheckoutStep[] = ["unavailable", "choose", "order-expired", "order-failed", "no-platform", "pay", "waiting"];
    for (const step of steps) expect(embedEventOf(step), step).toBeNull();
    expect(embedEventOf("receipt")).toBe("checkout.success");
    expect(embedEventOf("expired")).toBe("checkout.failed");
    expect(embedEventOf("cancelled")).toBe("checkout.closed");
  });

  it("a message: the channel, a numeric timestamp, and the id and status only", () => {
    const extra = { id: "sess_1", status: "COMPLETED", recipient: "@payee", intentHash: "0xabc", token: "secret" };
    expect(embedMessage("checkout.success", extra, 1_700_000_000_000)).toEqual({
      channel: EMBED_CHANNEL,
      type: "checkout.success",
      timestamp: 1_700_000_000_000,
      payload: { id: "sess_1", status: "COMPLETED" },
    });
    expect(EMBED_CHANNEL).toBe("zkp2p_checkout_embed_v1");
    expect(typeof embedMessage("checkout.closed", { id: "sess_1", status: "CANCELLED" }).timestamp).toBe("number");
  });
});

describe("targetOrigins", () => {
  it("the parent named by ancestorOrigins, if allowed; nobody if not", () => {
    expect(targetOrigins({ ancestorOrigin: "https://shop.example.com" }, allowed)).toEqual(["https://shop.example.com"]);
    expect(targetOrigins({ ancestorOrigin: "https://evil.example.com", referrer: "https://shop.example.com/" }, allowed)).toEqual([]);
  });

  it("else the referrer's origin if allowed; else each allowed origin (postMessage delivers to an exact match only)", () => {
    expect(targetOrigins({ referrer: "http://localhost:5173/cart?x=1" }, allowed)).toEqual(["http://localhost:5173"]);
    expect(targetOrigins({ referrer: "" }, allowed)).toEqual(allowed);
    expect(targetOrigins({ referrer: "https://other.example.com/" }, allowed)).toEqual(allowed);
    expect(targetOrigins({}, [])).toEqual([]);
  });
});

describe("embedded requests", () => {
  const url = (u: string) => new URL(u, "http://localhost");
  it("embed=true exactly", () => {
    expect(embedRequested(new URLSearchParams("embed=true"))).toBe(true);
    expect(embedRequested({ embed: "true" })).toBe(true);
    for (const v of ["1", "TRUE", "yes", ""]) expect(embedRequested(new URLSearchParams({ embed: v })), v).toBe(false);
    expect(embedRequested({ embed: ["true", "true"] })).toBe(false);
    expect(embedRequested({})).toBe(false);
  });

  it("the session of /checkout?session= or /?order=, only when embedded", () => {
    expect(embeddedSessionOf(url("/checkout?session=sess_abc&embed=true"))).toBe("sess_abc");
    expect(embeddedSessionOf(url("/?order=sess_abc&token=t&embed=true"))).toBe("sess_abc");
    expect(embeddedSessionOf(url("/checkout?session=sess_abc"))).toBeNull();
    expect(embeddedSessionOf(url("/checkout?session=merch_abc&embed=true"))).toBeNull();
    expect(embeddedSessionOf(url("/dashboard?session=sess_abc&embed=true"))).toBeNull();
    expect(embeddedSessionOf(url("/checkout/status?session=sess_abc&embed=true"))).toBeNull();
    expect(embeddedSessionOf(url("/?session=sess_abc&embed=true"))).toBeNull();
  });
});
