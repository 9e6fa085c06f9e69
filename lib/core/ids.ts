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
  chainTx: "ctx",
  user: "usr",
  invite: "inv",
  challenge: "chl",
  paymentLink: "plink",
  smokeTest: "smk",
  exception: "exc",
  payoutChange: "pch",
  refund: "rfd",
} as const;

type Prefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

// Random bytes drawn from the CSPRNG 4 KiB at a time: one call per 256 ids rather than per id (a
// session's creation makes three). Each byte is handed out once.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** 128 random bits, hex: session ids authorise the payer's page, so they must be unguessable. */
export function newId(prefix: Prefix): string {
  if (poolOffset + 16 > pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString("hex", poolOffset, poolOffset + 16);
  poolOffset += 16;
  return `${prefix}_${hex}`;
}

/** A loose shape check used to answer 404 for ids that cannot exist, without a query. */
export function looksLikeId(prefix: Prefix, value: string): boolean {
  return value.length <= 64 && value.startsWith(`${prefix}_`);
}
