import dns from "node:dns";
import net from "node:net";

/**
 * Whether an IP address is public unicast. Webhook deliveries may only connect to these, unless
 * ALLOW_PRIVATE_WEBHOOK_URLS is set (local development and tests).
 */
export function isPublicAddress(ip: string): boolean {
  const kind = net.isIP(ip);
  if (kind === 4) return isPublicV4(ip);
  if (kind === 6) return isPublicV6(ip);
  return false;
}

function isPublicV4(ip: string): boolean {
  const [a, b, c] = ip.split(".").map(Number) as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127) return false; // this network, private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return false; // TEST-NET-3
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

function isPublicV6(ip: string): boolean {
  const lower = ip.toLowerCase();
  const mapped = /^(?:0*:)*:?(?:0*:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPublicV4(mapped[1]!);
  const words = expandV6(lower);
  if (!words) return false;
  if (words.every((w) => w === 0)) return false; // ::
  if (words.slice(0, 7).every((w) => w === 0) && words[7] === 1) return false; // ::1
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return false; // mapped forms missed above
  const first = words[0]!;
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && words[1] === 0x0db8) return false; // documentation
  if (first === 0x64 && words[1] === 0xff9b) return false; // NAT64 can reach private v4
  return (first & 0xe000) === 0x2000; // global unicast 2000::/3
}

function expandV6(ip: string): number[] | null {
  let text = ip.split("%")[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = v4[1]!.split(".").map(Number);
    text = text.slice(0, -v4[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined ? (tail ? tail.split(":") : []) : null;
  const fill = t === null ? [] : new Array(8 - h.length - t.length).fill("0");
  const all = [...h, ...fill, ...(t ?? [])];
  if (all.length !== 8) return null;
  return all.map((w) => parseInt(w || "0", 16));
}

/**
 * A host name of one label (no dot but a trailing one), such as `intranet` or `localhost`: resolved
 * by the service's own search domains, hosts file or internal DNS, so it is never a public endpoint.
 */
export function isSingleLabel(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  return !net.isIP(host) && !host.includes(".");
}

/** Literal hosts refused at registration; names are checked again at delivery, on the connected address. */
export function isForbiddenHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isSingleLabel(host)) return true;
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) return true;
  if (net.isIP(host)) return !isPublicAddress(host);
  return false;
}

/**
 * A refusal by the address policy: recorded as the attempt's error, word for word. It names the host
 * as the merchant gave it and never the address a name resolved to, so a delivery's error cannot be
 * used to learn what the service's internal names point at.
 */
export class RefusedAddress extends Error {}

/** Resolves a name to all of its addresses, in the shape of `dns.lookup` with `all: true`. */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * The `lookup` given to every webhook connection. Unless private addresses are allowed, a name is
 * refused when ANY of its addresses is not public: Node may connect to any of them (it tries both
 * families in turn), so checking only the first would let a second, private one through. It answers
 * in the form it is asked for: one address, or all of them when Node connects with `autoSelectFamily`.
 */
export function webhookLookup(opts: { allowPrivate: boolean; resolve?: Resolver }): net.LookupFunction {
  const resolve = opts.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    const { all, ...rest } = options;
    resolve(hostname, { ...rest, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      if (!addresses.length) {
        return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }), "", 0);
      }
      const refused = opts.allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new RefusedAddress(`refused: ${hostname} is not a public address`), "", 0);
      if (all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
