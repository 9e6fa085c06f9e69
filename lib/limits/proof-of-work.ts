import crypto from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Db } from "@/db/client";
import { rateLimitCounters } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { purposeKey } from "@/lib/crypto";
import { AppError } from "@/lib/core/errors";

// A proof of work before the payer's page reserves a taker wallet (ALTCHA's protocol, altcha-lib):
// the page is given a challenge bound to its session, solves it while the payer chooses (well under a
// second on a phone), and sends the solution with "Continue". Each reservation then costs a script
// real CPU. Verified here, once: a solution is spent when it is used. The API's start (the merchant's
// server, authenticated and capped per merchant) needs none, and ZKP2P_PROOF_OF_WORK=off turns it off.

/**
 * The challenge's hidden counter is drawn from 0..MAX_NUMBER: a solver tries about half of them,
 * each one SHA-256 (about 0.2–0.5 s in a browser, guess; measured in the e2e run).
 */
export const MAX_NUMBER = 100_000;
const VALID_MS = 10 * 60_000;

/**
 * The keys a challenge is signed with, HKDF-derived from APP_SECRET under labels of their own. Every
 * payer's page shows a signed challenge: a guess of the secret could be tried against it offline, which
 * is why a deployment's APP_SECRET must be 32 random bytes (lib/core/config/secrets.ts), and why these
 * keys serve the proof of work alone.
 */
function secret(purpose: "challenge" | "key"): string {
  return purposeKey(`proof-of-work:${purpose}`).toString("hex");
}

/** Whether a live start from the payer's page must carry a proof of work. */
export function proofOfWorkRequired(environment: string): boolean {
  return environment === "live" && Boolean(getConfig().liveRail?.proofOfWork);
}

/** A new challenge for a session's payer page, as the text the page hands to the solver. */
export async function newChallenge(sessionId: string): Promise<string> {
  const challenge = await createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: crypto.randomInt(0, MAX_NUMBER + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + VALID_MS),
    data: { session: sessionId },
    hmacSignatureSecret: secret("challenge"),
    hmacKeySignatureSecret: secret("key"),
  });
  return Buffer.from(JSON.stringify(challenge)).toString("base64url");
}

const REFUSED = "The page's security check did not complete. Please try again.";

/**
 * Checks a solution sent with a start: a challenge we signed for this session, unexpired, solved,
 * and not used before (its signature is written down as spent, in the shared counters table, for
 * longer than it is valid). Throws a clear error otherwise; the start then sends nothing.
 */
export async function assertProofOfWork(db: Db, sessionId: string, payload: string | undefined): Promise<void> {
  if (!payload) throw new AppError("VALIDATION_FAILED", REFUSED, { fields: { pow: "missing" } });
  let parsed: { challenge: Challenge; solution: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!parsed?.challenge?.parameters || !parsed.solution || typeof parsed.challenge.signature !== "string") throw new Error();
  } catch {
    throw new AppError("VALIDATION_FAILED", REFUSED, { fields: { pow: "unreadable" } });
  }
  if (parsed.challenge.parameters.data?.session !== sessionId)
    throw new AppError("VALIDATION_FAILED", REFUSED, { fields: { pow: "for another checkout" } });
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: secret("challenge"),
    hmacKeySignatureSecret: secret("key"),
  }).catch(() => null);
  if (!result?.verified) throw new AppError("VALIDATION_FAILED", REFUSED, { fields: { pow: result?.expired ? "expired" : "not solved" } });
  // spent once: the bucket's window is the challenge's own expiry, so the purge of old windows keeps it past its validity
  const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
  const [spent] = await db
    .insert(rateLimitCounters)
    .values({ bucket: `pow.spent:${parsed.challenge.signature}`, windowStart: expiresAt, count: 1 })
    .onConflictDoNothing()
    .returning({ bucket: rateLimitCounters.bucket });
  if (!spent) throw new AppError("VALIDATION_FAILED", REFUSED, { fields: { pow: "used already" } });
}
