import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhooks } from "@/db/schema";
import { decrypt, encrypt } from "@/lib/crypto";
import { logger } from "@/lib/logger";
import { SIGNATURE_HEADER_NAMES } from "./signing";

// A v1 webhook's custom headers ([{ key, value }], parity.md §4): extra headers the merchant's
// endpoint wants on every delivery, such as an authorization token of its own. They may never
// stand in for what the delivery itself says: its signature, or how the request is framed.

export type CustomHeader = { key: string; value: string };

/**
 * A custom header as stored: its value sealed with APP_SECRET (AES-256-GCM, as signing secrets are),
 * since values are often credentials; `{ key, value }` is a row from before values were sealed,
 * which sealPlainCustomHeaders seals.
 */
export type StoredCustomHeader = { key: string; enc: string } | { key: string; value: string };

/** How an answer shows a stored value: never whole; the last 4 characters of a long one. */
export const maskHeaderValue = (value: string): string => (value.length >= 12 ? `****${value.slice(-4)}` : "****");

/** The value a stored header holds, or null when it cannot be opened (APP_SECRET changed). */
function openValue(h: StoredCustomHeader): string | null {
  if ("value" in h) return h.value;
  try {
    return decrypt(h.enc);
  } catch {
    logger.warn("a webhook custom header cannot be decrypted with this APP_SECRET; it is not sent", { header: h.key });
    return null;
  }
}

/**
 * The headers to store for a list given in a request. A value sent back exactly as an answer showed
 * it (its mask, for the same header name) keeps the stored value: a client that reads a webhook and
 * sends its customHeaders back changes nothing.
 */
export function sealCustomHeaders(given: readonly CustomHeader[], stored: readonly StoredCustomHeader[] = []): StoredCustomHeader[] {
  const before = new Map(stored.map((h) => [h.key.toLowerCase(), h]));
  return given.map(({ key, value }) => {
    const old = before.get(key.toLowerCase());
    const oldValue = old ? openValue(old) : null;
    if (old && oldValue !== null && value === maskHeaderValue(oldValue) && value !== oldValue) {
      return "enc" in old ? { key, enc: old.enc } : { key, enc: encrypt(oldValue) };
    }
    return { key, enc: encrypt(value) };
  });
}

/** The headers as an API answer shows them: the names, and each value masked. */
export function maskedCustomHeaders(stored: readonly StoredCustomHeader[] | null | undefined): CustomHeader[] {
  return (stored ?? []).map((h) => ({ key: h.key, value: maskHeaderValue(openValue(h) ?? "") }));
}

export const MAX_CUSTOM_HEADERS = 10;
export const MAX_HEADER_NAME_LENGTH = 100;
export const MAX_HEADER_VALUE_LENGTH = 1024;

/** An RFC 9110 token: the characters a field name may have. */
export const HEADER_NAME_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII and spaces: no control characters, so no CR or LF (header injection) and no tabs. */
export const HEADER_VALUE_PATTERN = /^[\x20-\x7e]*$/;

/**
 * The headers a delivery owns, lowercase: the signature headers, and those that frame the request or
 * the connection (an endpoint given a second Content-Length or Host could read a different request).
 */
export const RESERVED_HEADER_NAMES: ReadonlySet<string> = new Set([
  ...SIGNATURE_HEADER_NAMES.map((h) => h.toLowerCase()),
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "host",
  "user-agent",
  "connection",
  "keep-alive",
  "proxy-connection",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

export const isReservedHeader = (name: string) => RESERVED_HEADER_NAMES.has(name.toLowerCase());

/**
 * The custom headers to send with an attempt. They are validated when stored; the reserved ones are
 * dropped here too, so a delivery's own headers can never be replaced, whatever a row holds.
 */
export function customHeadersToSend(headers: readonly StoredCustomHeader[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of headers ?? []) {
    const key = h.key;
    const value = openValue(h);
    if (value === null || !HEADER_NAME_PATTERN.test(key) || !HEADER_VALUE_PATTERN.test(value) || isReservedHeader(key)) continue;
    out[key] = value;
  }
  return out;
}

/**
 * Seals the custom header values that rows from before sealing still hold in plain text, `limit`
 * webhooks at a time (each update applies only if the row has not changed meanwhile). Run with the
 * maintenance purge, so a deployment's old rows are sealed without an operator's step.
 */
export async function sealPlainCustomHeaders(db: Db, limit = 100): Promise<number> {
  const plain = await db
    .select({ id: webhooks.id, customHeaders: webhooks.customHeaders })
    .from(webhooks)
    .where(sql`jsonb_path_exists(${webhooks.customHeaders}, '$[*].value')`)
    .limit(limit);
  let sealed = 0;
  for (const row of plain) {
    const next = row.customHeaders.map((h) => ("value" in h ? { key: h.key, enc: encrypt(h.value) } : h));
    const done = await db
      .update(webhooks)
      .set({ customHeaders: next })
      .where(and(eq(webhooks.id, row.id), sql`${webhooks.customHeaders} = ${JSON.stringify(row.customHeaders)}::jsonb`))
      .returning({ id: webhooks.id });
    sealed += done.length;
  }
  return sealed;
}
