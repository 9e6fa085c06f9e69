import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { decrypt, encrypt } from "@/lib/crypto";
import { conflict } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";
import { getSessionOrThrow } from "@/lib/sessions/read";
import { checkoutUrlFor, orderCheckoutUrl } from "@/lib/sessions/create";
import { isSessionOpen } from "@/lib/state";

// The hand-off to a computer. A live payment is proven with the Peer extension, which runs in desktop
// Chrome only, so a payer on a phone (or in any browser without it) is given a short link, and its QR
// code, that opens the same checkout there. The short link carries no more authority than the
// checkout link it stands for (it leads to it, token included for a v1 order), and it stops working
// when the session ends. The code is made once per session, on the payer's request.

/** Crockford's base32 in lower case: no i, l, o or u to misread when typed from a phone's screen. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** 10 characters of 5 bits: 50 random bits, behind the link pages' limit on requests per address. */
export const HANDOFF_CODE_LENGTH = 10;

/** A new code: HANDOFF_CODE_LENGTH characters of ALPHABET, from the CSPRNG. */
export function newHandoffCode(): string {
  const bytes = crypto.randomBytes(HANDOFF_CODE_LENGTH);
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
}

/**
 * A code as a person may type it: any case, with or without the dash and spaces, an i or l for 1 and an
 * o for 0. Null when it cannot be one.
 */
export function normalizeHandoffCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  if (code.length !== HANDOFF_CODE_LENGTH) return null;
  for (const c of code) if (!ALPHABET.includes(c)) return null;
  return code;
}

/** The code as shown and linked: two groups of five, `k7m2q-9xw4t`. */
export const displayHandoffCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The short link of a code, on the checkout's origin. */
export const handoffUrlFor = (code: string) => `${getConfig().checkoutUrl}/c/${displayHandoffCode(code)}`;

export type Handoff = {
  /** the short link to type or open on a computer */
  url: string;
  /** the code alone, `k7m2q-9xw4t` */
  code: string;
  /** the short link's QR code (SVG), same origin */
  qrPath: string;
};

/**
 * The short link of a live session the payer holds (its id, and a v1 order's token): made the first
 * time, the same one after. The sandbox needs none (its payments are simulated in any browser), and an
 * ended session gets none.
 */
export async function handoffFor(db: Db, sessionId: string, token?: string): Promise<Handoff> {
  const session = await getSessionOrThrow(db, sessionId, { actor: payer(sessionId, token) });
  if (session.environment !== "live") throw conflict("A sandbox payment is finished in this browser");
  if (!isSessionOpen(session.status)) throw conflict("This checkout has ended");
  // made the first time, kept after (two tabs asking at once get the same one): a v1 order's token is
  // sealed with it, so that the short link can lead to the link the payer holds
  const sealed = token ? encrypt(token) : null;
  const [row] = await db
    .update(checkoutSessions)
    .set({
      handoffCode: sql`coalesce(${checkoutSessions.handoffCode}, ${newHandoffCode()})`,
      handoffToken: sql`coalesce(${checkoutSessions.handoffToken}, case when ${checkoutSessions.orderTokenHash} is not null then ${sealed}::text end)`,
    })
    .where(eq(checkoutSessions.id, sessionId))
    .returning({ code: checkoutSessions.handoffCode });
  const code = row!.code!;
  return { url: handoffUrlFor(code), code: displayHandoffCode(code), qrPath: `/c/${displayHandoffCode(code)}/qr` };
}

/** Where a short link leads: the session's checkout while it is open; "ended" after; null for no such code. */
export async function resolveHandoff(db: Db, input: string): Promise<{ open: true; url: string } | { open: false } | null> {
  const code = normalizeHandoffCode(input);
  if (!code) return null;
  const [row] = await db
    .select({
      id: checkoutSessions.id,
      status: checkoutSessions.status,
      expiresAt: checkoutSessions.expiresAt,
      tokenHash: checkoutSessions.orderTokenHash,
      sealed: checkoutSessions.handoffToken,
    })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.handoffCode, code));
  if (!row) return null;
  if (!isSessionOpen(row.status) || row.expiresAt.getTime() <= Date.now()) return { open: false };
  if (!row.tokenHash) return { open: true, url: checkoutUrlFor(row.id) };
  if (!row.sealed) return { open: false };
  try {
    return { open: true, url: orderCheckoutUrl(row.id, decrypt(row.sealed)) };
  } catch {
    // sealed under another APP_SECRET (a restored backup): the payer's own link still works
    logger.warn("a hand-off's order token could not be unsealed", { sessionId: row.id });
    return { open: false };
  }
}
