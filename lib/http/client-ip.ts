import net from "node:net";
import { getConfig } from "@/lib/config";

/** Set by the service's own server (scripts/server.mjs) from the socket, on every request. */
export const PEER_HEADER = "x-checkout-peer";

/**
 * The client's address. The hops are the X-Forwarded-For entries followed by the connection's own
 * address; the last TRUSTED_PROXIES of them are proxies of ours, so the client is the one just before
 * them. Entries further left were written by the client and are never believed. With no trusted
 * proxy (the default) the client is the connection's own address, whatever the headers say.
 */
export function clientAddress(headers: Headers, trustedProxies = getConfig().trustedProxies, ownServer = getConfig().ownServer): string {
  // under any other server (a bare `next start`, `next dev`) the header would be the client's word
  const peer = (ownServer && normalise(headers.get(PEER_HEADER) ?? "")) || "unknown";
  const forwarded =
    trustedProxies > 0
      ? (headers.get("x-forwarded-for") ?? "")
          .split(",")
          .map((h) => normalise(h))
          .filter(Boolean)
      : [];
  const hops = [...forwarded, peer];
  return hops[Math.max(0, hops.length - 1 - trustedProxies)]!.slice(0, 64);
}

/** "::ffff:1.2.3.4" → "1.2.3.4"; "[::1]:443" and "1.2.3.4:80" lose their port; anything else is kept as text. */
function normalise(raw: string): string {
  let h = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(h);
  if (bracketed) h = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(h)) h = h.slice(0, h.lastIndexOf(":"));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(h)) h = h.slice(7);
  return net.isIP(h) ? h.toLowerCase() : h.replace(/[^\x21-\x7e]/g, "");
}
