"use client";

import { createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import type { CheckoutView } from "@/lib/checkout/service";
import { embedEventOf, embedMessage, targetOrigins } from "@/lib/embed/messages";

// Embedded mode (`&embed=true` in an iframe of an origin the merchant allows): the page leaves out
// its outer chrome, does not navigate the frame to the shop's return addresses, and tells the parent
// how the checkout ended. Outside an iframe, embed=true changes nothing.

/** What the server passes when the link asks to be embedded: the origins the merchant allows (never empty). */
export type EmbedSettings = { origins: string[] };

const EmbedContext = createContext<{ embedded: boolean; origins: string[] }>({ embedded: false, origins: [] });

const noSubscription = () => () => {};
const inFrame = () => window.parent !== window;

export function EmbedProvider({ settings, children }: { settings: EmbedSettings | null | undefined; children: ReactNode }) {
  // the server cannot know whether it renders into a frame: it renders what the link asked for, and
  // a page opened on its own with embed=true gets its chrome back at hydration
  const framed = useSyncExternalStore(noSubscription, inFrame, () => true);
  const embedded = Boolean(settings?.origins.length) && framed;
  return <EmbedContext.Provider value={{ embedded, origins: settings?.origins ?? [] }}>{children}</EmbedContext.Provider>;
}

/** Whether the page runs embedded: no chrome, no navigation of the frame. */
export function useEmbedded(): boolean {
  return useContext(EmbedContext).embedded;
}

const V1_END_STATUS: Record<string, string> = { COMPLETED: "FULFILLED", CANCELLED: "CANCELLED", EXPIRED: "CANCELLED" };

/** Posts checkout.success / .failed / .closed to the parent once the view reaches that end (once per end and page). */
export function useEmbedMessages(view: CheckoutView) {
  const { embedded, origins } = useContext(EmbedContext);
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
}
