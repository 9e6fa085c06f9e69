"use client";

import { useEffect, useRef } from "react";
import type { CheckoutView } from "@/lib/checkout/service";
import { embedEventOf, embedMessage, targetOrigins } from "@/lib/embed/messages";
import { useEmbedded, useEmbedOrigins } from "./embed";

const V1_END_STATUS: Record<string, string> = { COMPLETED: "FULFILLED", CANCELLED: "CANCELLED", EXPIRED: "CANCELLED" };

/**
 * Posts checkout.success / .failed / .closed to the parent once the view reaches that end (once per
 * end and page). Rendered only when the page runs embedded: a chunk of its own, which the page loads
 * only then.
 */
export function EmbedMessages({ view }: { view: CheckoutView }) {
  const embedded = useEmbedded();
  const origins = useEmbedOrigins();
  const sent = useRef<string | null>(null);
  const type = embedEventOf(view.step);
  const { id } = view.session;
  // a v1 link (it carries the order token) names the order's status as the v1 API does (lib/wire/v1.ts)
  const status = view.session.token ? (V1_END_STATUS[view.session.status] ?? view.session.status) : view.session.status;
  useEffect(() => {
    if (!embedded || !type || sent.current === type) return;
    sent.current = type;
    const message = embedMessage(type, { id, status });
    const parent = { ancestorOrigin: window.location.ancestorOrigins?.[0] ?? null, referrer: document.referrer };
    for (const origin of targetOrigins(parent, origins)) window.parent.postMessage(message, origin);
  }, [embedded, origins, type, id, status]);
  return null;
}
