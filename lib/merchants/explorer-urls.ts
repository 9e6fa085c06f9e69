import { CHAINS } from "@/lib/chains";

// A merchant's own block explorer per chain (Settings → Block explorers), in place of the default
// in lib/chains.ts. Pure and import-light: the settings form checks with it in the browser, the
// server action checks again with the same function, and the dashboard's links read the result.

/** chain id (as a string, the JSON key) → explorer base URL without a trailing slash. */
export type ExplorerOverrides = Record<string, string>;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const MAX_LENGTH = 200;

export type ParsedExplorer = { ok: true; url: string | null } | { ok: false; message: string };

/**
 * One field as the merchant typed it: empty is the default (null); otherwise an https URL (http
 * only for localhost), with an optional path but no query, fragment or credentials, normalised
 * (lower-case host, no default port, no trailing slash).
 */
export function parseExplorerUrl(input: string): ParsedExplorer {
  const raw = input.trim();
  if (!raw) return { ok: true, url: null };
  if (raw.length > MAX_LENGTH) return { ok: false, message: `must be at most ${MAX_LENGTH} characters` };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return { ok: false, message: "must start with https://, e.g. https://basescan.org" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: "is not a valid URL, e.g. https://basescan.org" };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname))) {
    return { ok: false, message: "must use https:// (http:// only for localhost)" };
  }
  if (url.username || url.password) return { ok: false, message: "must not contain a user name or password" };
  if (url.search || url.hash || raw.includes("?") || raw.includes("#")) {
    return { ok: false, message: "must not have a query (?…) or a fragment (#…): links add /tx/… and /address/… to it" };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/** The chains a merchant may set an explorer for, with their default. */
export const EXPLORER_CHAINS = Object.entries(CHAINS).map(([id, c]) => ({ id, name: c.name, defaultUrl: c.explorer }));

/** The explorer base for a chain: the merchant's own, else the default, else none. */
export function explorerBase(chainId: number | null | undefined, overrides?: ExplorerOverrides | null): string | null {
  if (chainId == null) return null;
  return overrides?.[String(chainId)] ?? CHAINS[chainId]?.explorer ?? null;
}

/**
 * The explorer's page for a transaction or an address, or null on a chain without a known explorer:
 * the merchant's own explorer for the chain when it set one (`overrides`), else the default.
 */
export function explorerUrl(
  chainId: number | null | undefined,
  kind: "tx" | "address",
  value: string,
  overrides?: ExplorerOverrides | null,
): string | null {
  const base = explorerBase(chainId, overrides);
  if (!base || !/^0x[0-9a-fA-F]+$/.test(value)) return null;
  return `${base}/${kind}/${value}`;
}
