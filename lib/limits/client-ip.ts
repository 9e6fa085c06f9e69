import net from "node:net";
import { getConfig } from "@/lib/core/config";

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

/**
 * What an address rule counts a client by: an IPv4 address alone, an IPv6 address by its /64 (one
 * subscriber's network, whose interface ids a client picks at will), anything else as it is.
 */
export function addressGroup(address: string): string {
  if (net.isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
  return address;
}

/** The eight 16-bit groups of an IPv6 address, lowercase without leading zeros ("::1" → 0,0,0,0,0,0,0,1). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase().split("%")[0]!;
  // an embedded IPv4 tail ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") as two groups
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/**
 * Said at start-up when the service cannot know its clients' addresses: under any server but its own
 * (a bare `next start`, `next dev`) every client is "unknown", so every address limit (sign-ups, the
 * payer's page, failed keys) is one bucket that all clients share.
 */
export function unknownAddressWarning(ownServer = getConfig().ownServer): string | null {
  return ownServer
    ? null
    : "Client addresses are unknown under this server: every client counts as the one address 'unknown', so one client can spend the address limits (sign-ups, the payer's page, failed keys) of all. Run the service with `npm start` (scripts/server.mjs), which reads each connection's address.";
}
