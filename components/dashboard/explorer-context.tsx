"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { ExplorerOverrides } from "@/lib/merchants/explorer-urls";

// The signed-in merchant's own explorers (Settings → Block explorers), set once by the dashboard's
// layout, so every address and transaction link below it goes where the merchant chose.

const ExplorerContext = createContext<ExplorerOverrides | null>(null);

export function ExplorerProvider({ urls, children }: { urls: ExplorerOverrides; children: ReactNode }) {
  return <ExplorerContext value={urls}>{children}</ExplorerContext>;
}

export const useExplorerOverrides = () => useContext(ExplorerContext);
