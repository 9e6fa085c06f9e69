"use client";

import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";

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

/** The origins the merchant allows to frame this checkout (none when it does not run embedded). */
export function useEmbedOrigins(): string[] {
  return useContext(EmbedContext).origins;
}
