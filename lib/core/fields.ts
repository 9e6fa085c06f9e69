import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { hasUnreadable } from "./text";

// Field schemas shared by every request schema (lib/<domain>/schemas.ts), the checkout page and the
// dashboard forms.

/** A string, with the message for anything else. */
export const str = (what = "must be a string") => z.string({ error: what });

/** A plain decimal string: up to 15 whole digits and 6 decimals (each currency's own limit is checked apart). */
export const DECIMAL_PATTERN = /^(0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;

/** The id in a resource's path. */
export const idParams = z.object({ id: z.string().min(1).max(100) });

/** The bodyless actions (cancel, payment sent, test, rotate, retry): nothing, or {}. */
export const emptyBody = z.strictObject({});

/** A URL of one of these schemes with a host, at most 2048 characters; `what` is the error. */
const webUrl = (schemes: string[], what: string) =>
  z
    .string({ error: "must be a string" })
    .max(2048, { error: "must be at most 2048 characters" })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return schemes.includes(u.protocol) && Boolean(u.hostname);
        } catch {
          return false;
        }
      },
      { error: what },
    );

export const httpsUrl = webUrl(["https:"], "must be an https URL");
export const httpUrl = webUrl(["https:", "http:"], "must be an http or https URL");

/** An EVM address; a mixed-case one must pass its EIP-55 checksum. Returned checksummed. */
export const evmAddress = z
  .string({ error: "must be a string" })
  .refine((v) => /^0x[0-9a-fA-F]{40}$/.test(v), { error: "must be 0x followed by 40 hex characters" })
  .refine((v) => isAddress(v, { strict: true }), { error: "fails its EIP-55 checksum" })
  .transform((v) => getAddress(v));

export const merchantName = z.string({ error: "must be a string" }).regex(/^[a-z0-9][a-z0-9_-]{1,62}$/, {
  error: "must be 2-63 characters of lowercase letters, digits, - or _, starting with a letter or digit",
});

export const displayName = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(100, { error: "must be at most 100 characters" })
  // it is shown to payers and printed in the operator's terminal
  .refine((v) => !hasUnreadable(v), { error: "must not contain control characters or bidirectional overrides" });

export const metadata = z
  .record(
    z.string().max(40, { error: "keys must be at most 40 characters" }),
    z.string({ error: "values must be strings" }).max(500, { error: "values must be at most 500 characters" }),
    { error: "must be an object of string values" },
  )
  .refine((m) => Object.keys(m).length <= 50, { error: "must have at most 50 keys" });
