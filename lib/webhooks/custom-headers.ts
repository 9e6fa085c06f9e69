import { SIGNATURE_HEADER_NAMES } from "./signing";

// A v1 webhook's custom headers ([{ key, value }], parity.md §4): extra headers the merchant's
// endpoint wants on every delivery, such as an authorization token of its own. They may never
// stand in for what the delivery itself says: its signature, or how the request is framed.

export type CustomHeader = { key: string; value: string };

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
export function customHeadersToSend(headers: readonly CustomHeader[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of headers ?? []) {
    if (!HEADER_NAME_PATTERN.test(key) || !HEADER_VALUE_PATTERN.test(value) || isReservedHeader(key)) continue;
    out[key] = value;
  }
  return out;
}
