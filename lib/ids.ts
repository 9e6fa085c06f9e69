import crypto from "node:crypto";

export const ID_PREFIXES = {
  merchant: "merch",
  session: "sess",
  order: "ord",
  webhook: "wh",
  event: "evt",
  delivery: "dlv",
  proof: "proof",
  attempt: "att",
  apiKey: "key",
} as const;

type Prefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/** 128 random bits, hex: session ids authorise the payer's page, so they must be unguessable. */
export function newId(prefix: Prefix): string {
  return `${prefix}_${crypto.randomBytes(16).toString("hex")}`;
}

/** A loose shape check used to answer 404 for ids that cannot exist, without a query. */
export function looksLikeId(prefix: Prefix, value: string): boolean {
  return value.length <= 64 && value.startsWith(`${prefix}_`);
}
