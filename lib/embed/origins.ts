import { z } from "zod";

// The origins a merchant allows to frame its checkout (CSP frame-ancestors). Each is a bare origin:
// https://host[:port], or for development http://localhost[:port] or http://127.0.0.1[:port]. No
// paths, no wildcards, no other schemes, so every stored value is a single safe CSP source.

/** How many origins a merchant may allow. */
export const MAX_FRAME_ORIGINS = 10;

const DEV_HOSTS = new Set(["localhost", "127.0.0.1"]);
// a host name after URL parsing (lower case, IDN in punycode) or an IPv4 address; no IPv6, no `*`
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A stored origin is still exactly one of the allowed shapes: checked again where it becomes a header. */
export function isFrameOrigin(value: string): boolean {
  const parsed = parseFrameOrigin(value);
  return parsed.ok && parsed.origin === value;
}

export type ParsedOrigin = { ok: true; origin: string } | { ok: false; message: string };

/** One origin as a merchant typed it, normalised to the URL origin (lower-case host, no default port), or why not. */
export function parseFrameOrigin(input: string): ParsedOrigin {
  const raw = input.trim();
  const fail = (why: string): ParsedOrigin => ({ ok: false, message: `"${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}" ${why}` });
  if (!raw) return { ok: false, message: "an origin cannot be empty" };
  if (raw.length > 300) return fail("is too long");
  if (raw.includes("*")) return fail("has a wildcard; list each origin in full, e.g. https://shop.example.com");
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return fail("needs its scheme, e.g. https://shop.example.com");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("is not a valid origin, e.g. https://shop.example.com");
  }
  const dev = url.protocol === "http:" && DEV_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !dev) return fail("must use https:// (http:// only for localhost or 127.0.0.1)");
  if (url.username || url.password) return fail("must not contain a user name or password");
  if (!HOST.test(url.hostname)) return fail("does not have a valid host name");
  if (url.protocol === "https:" && !url.hostname.includes(".") && url.hostname !== "localhost") {
    return fail("does not have a full host name, e.g. https://shop.example.com");
  }
  // "https://shop.example.com/" is the origin as browsers print it; anything more is a page, not an origin
  if (url.pathname !== "/" || url.search || url.hash || /^[a-z]+:\/\/[^/]+\/./i.test(raw) || raw.endsWith("?") || raw.endsWith("#")) {
    return fail(`must be an origin only, without a path, query or fragment: ${url.origin}`);
  }
  return { ok: true, origin: url.origin };
}

/**
 * The merchant's whole list: each entry validated and normalised, duplicates dropped, at most
 * MAX_FRAME_ORIGINS. An empty list is valid: nobody may frame the checkout.
 */
export const frameOriginsSchema = z
  .array(z.string())
  .max(MAX_FRAME_ORIGINS, `at most ${MAX_FRAME_ORIGINS} origins may frame the checkout`)
  .transform((list, ctx) => {
    const out: string[] = [];
    list.forEach((entry, i) => {
      const parsed = parseFrameOrigin(entry);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message, path: [i] });
      else if (!out.includes(parsed.origin)) out.push(parsed.origin);
    });
    return out;
  });
