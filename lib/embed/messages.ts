import type { CheckoutStep } from "@/lib/checkout/view";

// What an embedded checkout (`&embed=true`, in an iframe) tells the page that frames it, and to whom.
// The messages carry the checkout's id and status and nothing else: no payee handle, no intent hash,
// no token. They go only to an origin the merchant allowed to frame the checkout.

export const EMBED_CHANNEL = "zkp2p_checkout_embed_v1";

export type EmbedEventType = "checkout.success" | "checkout.failed" | "checkout.closed";

/** id: the session id (v0) or the order id (v1), as the merchant knows it; status: its status. */
export type EmbedPayload = { id: string; status: string };

export type EmbedMessage = { channel: typeof EMBED_CHANNEL; type: EmbedEventType; timestamp: number; payload: EmbedPayload };

/**
 * The message a step ends the checkout with, if any: the payment is complete, the checkout expired
 * unpaid, or the payer cancelled. A failed order is not the end (the payer may start again).
 */
export function embedEventOf(step: CheckoutStep): EmbedEventType | null {
  switch (step) {
    case "receipt":
      return "checkout.success";
    case "expired":
      return "checkout.failed";
    case "cancelled":
      return "checkout.closed";
    default:
      return null;
  }
}

export function embedMessage(type: EmbedEventType, payload: EmbedPayload, now = Date.now()): EmbedMessage {
  return { channel: EMBED_CHANNEL, type, timestamp: now, payload: { id: payload.id, status: payload.status } };
}

const originOf = (url: string): string | null => {
  try {
    const o = new URL(url).origin;
    return o === "null" ? null : o;
  } catch {
    return null;
  }
};

/**
 * The origins to post to. location.ancestorOrigins (Chromium, Safari) names the parent for certain:
 * that origin if the merchant allows it, else nobody. Otherwise the referrer the parent sent, if
 * allowed; failing that, each allowed origin: postMessage delivers only to a parent whose origin is
 * exactly the target, so the message still reaches no origin the merchant did not allow.
 */
export function targetOrigins(parent: { ancestorOrigin?: string | null; referrer?: string | null }, allowed: readonly string[]): string[] {
  const ancestor = parent.ancestorOrigin ? originOf(parent.ancestorOrigin) : null;
  if (ancestor) return allowed.includes(ancestor) ? [ancestor] : [];
  const referrer = parent.referrer ? originOf(parent.referrer) : null;
  if (referrer && allowed.includes(referrer)) return [referrer];
  return [...allowed];
}
