import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhooks } from "@/db/schema";
import { decrypt, encrypt } from "@/lib/crypto";
import { invalid } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";
import { SIGNATURE_HEADER_NAMES } from "./signing";

// A v1 webhook's custom headers ([{ key, value }], docs/api-v1.md): extra headers the merchant's
// endpoint wants on every delivery, such as an authorization token of its own. They may never
// stand in for what the delivery itself says: its signature, or how the request is framed.

export type CustomHeader = { key: string; value: string };

/**
 * A custom header as stored: its value sealed with APP_SECRET (AES-256-GCM, as signing secrets are),
 * since values are often credentials; `{ key, value }` is a row from before values were sealed,
 * which sealPlainCustomHeaders seals.
 */
export type StoredCustomHeader = { key: string; enc: string } | { key: string; value: string };

/**
 * What a masked value starts with. It is not ASCII, and a value must be (HEADER_VALUE_PATTERN), so a
 * value that starts with it can only be a mask sent back: never a value of the merchant's own.
 */
export const HEADER_VALUE_MASK = "\u2022\u2022\u2022\u2022"; // ••••

/** How an answer shows a stored value: never whole; the last 4 characters of one of 12 or more. */
export const maskHeaderValue = (value: string): string =>
  value.length >= 12 ? `${HEADER_VALUE_MASK}${value.slice(-4)}` : HEADER_VALUE_MASK;

/** A value as maskHeaderValue shows one: the mask, then at most 4 visible ASCII characters. */
export const isMaskedHeaderValue = (value: string): boolean =>
  value.startsWith(HEADER_VALUE_MASK) && /^[\x20-\x7e]{0,4}$/.test(value.slice(HEADER_VALUE_MASK.length));

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

/** A stored header's value as an answer shows it. */
const shownValue = (h: StoredCustomHeader) => maskHeaderValue(openValue(h) ?? "");

/** A stored header with its value sealed: a plain one (from before values were sealed) is sealed now. */
const sealed = (h: StoredCustomHeader): StoredCustomHeader => ("value" in h ? { key: h.key, enc: encrypt(h.value) } : h);

/**
 * The headers to store for a list given in a request. A value sent back exactly as an answer showed
 * it (its mask, for the same header name, whatever its case) keeps the stored value, so a client that
 * reads a webhook and sends its customHeaders back changes nothing. A mask that matches no stored
 * header is refused (400): stored, it would replace a credential with its mask.
 */
export function sealCustomHeaders(given: readonly CustomHeader[], stored: readonly StoredCustomHeader[] = []): StoredCustomHeader[] {
  const before = new Map(stored.map((h) => [h.key.toLowerCase(), h]));
  return given.map(({ key, value }, i) => {
    if (!isMaskedHeaderValue(value)) return { key, enc: encrypt(value) };
    const old = before.get(key.toLowerCase());
    if (!old || value !== shownValue(old)) {
      throw invalid(
        `customHeaders.${i}.value`,
        `is a masked value that matches no stored value of ${key}: send the value itself, or the mask exactly as an answer showed it`,
      );
    }
    return { ...sealed(old), key };
  });
}

/** Whether a stored list still holds plain values (a row from before values were sealed). */
export const hasPlainValues = (stored: readonly StoredCustomHeader[] | null | undefined): boolean =>
  (stored ?? []).some((h) => "value" in h);

/** The headers as an API answer shows them: the names, and each value masked. */
export function maskedCustomHeaders(stored: readonly StoredCustomHeader[] | null | undefined): CustomHeader[] {
  return (stored ?? []).map((h) => ({ key: h.key, value: shownValue(h) }));
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
 * Seals the plain values of one webhook's stored headers, if the row still holds exactly `stored`
 * (a change made meanwhile is kept, never overwritten). The row as it is then, or null if it changed.
 */
export async function sealPlainValuesOf(db: Db, id: string, stored: readonly StoredCustomHeader[]) {
  const [row] = await db
    .update(webhooks)
    .set({ customHeaders: stored.map(sealed) })
    .where(and(eq(webhooks.id, id), sql`${webhooks.customHeaders} = ${JSON.stringify(stored)}::jsonb`))
    .returning();
  return row ?? null;
}

/**
 * Seals the custom header values that rows from before sealing still hold in plain text, `limit`
 * webhooks at a time. Run with the maintenance purge, so a deployment's old rows are sealed without
 * an operator's step; a webhook changed through the API is sealed then (service.ts updateWebhook).
 */
export async function sealPlainCustomHeaders(db: Db, limit = 100): Promise<number> {
  const plain = await db
    .select({ id: webhooks.id, customHeaders: webhooks.customHeaders })
    .from(webhooks)
    .where(sql`jsonb_path_exists(${webhooks.customHeaders}, '$[*].value')`)
    .limit(limit);
  let count = 0;
  for (const row of plain) if (await sealPlainValuesOf(db, row.id, row.customHeaders)) count++;
  return count;
}
