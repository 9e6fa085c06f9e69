import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { getAddress, isAddress } from "viem";
import type { Db } from "@/db/client";
import { checkoutSessions, merchants, type RefundMethod, type RefundRow, refunds, type SessionRow } from "@/db/schema";
import { auditMerchant } from "@/lib/audit";
import type { As, MerchantActor, SystemActor } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { AppError, conflict, invalid, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { parseUsdc, usdcFromMicro } from "@/lib/core/money";
import { purposeKey } from "@/lib/crypto";
import { type Emit, withEvents } from "@/lib/events/service";
import { jobs } from "@/lib/jobs";
import { REFUND, transition } from "@/lib/state";
import { paidMicroOf, type RefundDto, serializeRefund } from "@/lib/wire/refund";

// Refunds: money given back to a payer who paid in fiat and has no wallet in the flow. The merchant
// decides (an amount up to what the session's payments paid, less the refunds that are not cancelled
// or expired), the payer says where the USDC goes on the claim page (a link this module signs), and
// the merchant's own wallet sends it: the service holds no merchant keys. On the sandbox a claim
// completes at once with a made-up transaction; on the real rail the refunds job reads the chain's
// USDC Transfer logs (./watch.ts) and completes it once the transfers reach its amount, confirmed.
// "recorded" is for money the merchant returned outside the service: completed as it is made. Each
// step is an event of both API generations and is audited; the session row carries what completed
// refunds returned (refunded_micro), in the completion's transaction.

export const MAX_REASON = 500;

/** The statuses whose amount is taken from what is refundable: all but cancelled and expired. */
const HOLDING = ["AWAITING_CLAIM", "AWAITING_TRANSFER", "COMPLETED"] as const;

// ——— The claim link: the refund's id, signed; unguessable, and nothing to store ———

function mac(refundId: string): string {
  return crypto.createHmac("sha256", purposeKey("refund-claim")).update(refundId).digest("base64url");
}

export const claimToken = (refundId: string) => `${refundId}.${mac(refundId)}`;
export const claimUrlOf = (refundId: string) => `${getConfig().checkoutUrl}/refund/${claimToken(refundId)}`;

/** The refund a claim link names, or null when it is not one this service signed. */
export function refundIdOf(token: string): string | null {
  const m = /^(rfd_[0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m) return null;
  const given = Buffer.from(m[2]!, "base64url");
  const expected = Buffer.from(mac(m[1]!), "base64url");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? m[1]! : null;
}

export const refundDto = (row: RefundRow): RefundDto => serializeRefund(row, row.method === "claim" ? claimUrlOf(row.id) : null);

// ——— What may be refunded ———

/** A merchant's session, locked; another merchant's is not found (a refund names no session it may not see). */
async function lockOwnSession(tx: Db, sessionId: string, merchantId: string): Promise<SessionRow> {
  const [row] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.merchantId, merchantId)))
    .for("update")
    .limit(1);
  if (!row) throw notFound("Session");
  return row;
}

/** What is left to refund on a session: what its payments paid, less its refunds that hold part of it. */
export async function refundableMicro(db: Db, session: SessionRow): Promise<bigint> {
  const [held] = await db
    .select({ micro: sql<string>`coalesce(sum(${refunds.amountMicro}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.sessionId, session.id), inArray(refunds.status, [...HOLDING])));
  const left = paidMicroOf(session) - BigInt(held?.micro ?? "0");
  return left > 0n ? left : 0n;
}

export type NewRefund = { amountUsdc?: string; reason?: string; method?: RefundMethod; metadata?: Record<string, string> };

const who = (actor: MerchantActor) => actor.person?.email ?? (actor.keyId ? `API key ${actor.keyId}` : "API key");

function checkReason(reason: string | undefined): string | null {
  const text = reason?.trim() ?? "";
  if (text.length > MAX_REASON) throw invalid("reason", `must be at most ${MAX_REASON} characters`);
  return text || null;
}

/**
 * A merchant refunds a paid session: the whole remaining amount unless `amountUsdc` says less. More
 * than is left, or a session nobody paid, is refused (400) and changes nothing.
 */
export async function createRefund(db: Db, sessionId: string, input: NewRefund, { actor }: As<MerchantActor>): Promise<RefundDto> {
  const reason = checkReason(input.reason);
  const method = input.method ?? "claim";
  return withEvents(db, async (tx, emit) => {
    let session = await lockOwnSession(tx, sessionId, actor.merchantId);
    if (paidMicroOf(session) === 0n)
      throw new AppError("VALIDATION_FAILED", "Nobody has paid this session: there is nothing to refund", {
        fields: { sessionId: "not paid" },
      });
    const left = await refundableMicro(tx, session);
    if (left === 0n)
      throw new AppError("VALIDATION_FAILED", "This session's payments are refunded in full (or their refunds are under way)", {
        fields: { amountUsdc: "nothing left to refund" },
      });
    const amount = input.amountUsdc === undefined ? left : parseUsdc(input.amountUsdc);
    if (amount <= 0n) throw invalid("amountUsdc", "must be more than 0");
    if (amount > left) throw invalid("amountUsdc", `must be at most ${usdcFromMicro(left)}: what is left to refund on this session`);
    const now = new Date();
    const [inserted] = await tx
      .insert(refunds)
      .values({
        id: newId("rfd"),
        merchantId: session.merchantId,
        sessionId: session.id,
        environment: session.environment,
        amountMicro: amount,
        reason,
        method,
        metadata: input.metadata ?? null,
        createdBy: who(actor),
        createdAt: now,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + getConfig().refundClaimTtlMs),
      })
      .returning();
    let row = inserted!;
    await emit({ type: "refund.created", session, order: null, refund: refundDto(row) });
    if (method === "recorded") {
      ({ row, session } = await completeIn(tx, emit, row, session, { trigger: "record" }));
    } else {
      row = await setDue(tx, row, row.expiresAt);
    }
    await auditMerchant(tx, actor, "refund.created", row.id, { session: session.id, amountUsdc: usdcFromMicro(amount), method, reason });
    return refundDto(row);
  });
}

async function setDue(tx: Db, row: RefundRow, dueAt: Date | null): Promise<RefundRow> {
  const [out] = await tx.update(refunds).set({ dueAt }).where(eq(refunds.id, row.id)).returning();
  return out!;
}

/**
 * Completes a refund in the caller's transaction (the session and the refund locked): the session's
 * refunded amount grows by it, and refund.completed goes out.
 */
export async function completeIn(
  tx: Db,
  emit: Emit,
  row: RefundRow,
  session: SessionRow,
  how: { trigger: "record" | "complete"; txHash?: string; sentFrom?: string; blockNumber?: bigint; dueAt?: Date | null },
): Promise<{ row: RefundRow; session: SessionRow }> {
  const done = await transition(tx, "refund", row, how.trigger, {
    set: {
      completedAt: new Date(),
      txHash: how.txHash ?? null,
      sentFrom: how.sentFrom ?? null,
      blockNumber: how.blockNumber ?? null,
      dueAt: how.dueAt ?? null,
    },
  });
  const [s] = await tx
    .update(checkoutSessions)
    .set({ refundedMicro: sql`${checkoutSessions.refundedMicro} + ${row.amountMicro}`, updatedAt: new Date() })
    .where(eq(checkoutSessions.id, session.id))
    .returning();
  await emit({ type: "refund.completed", session: s!, order: null, refund: refundDto(done) });
  return { row: done, session: s! };
}

/** A completed refund's transfer left the chain (a reorg): it awaits the transfer again, and the session's refunded amount falls back. */
export async function reopenIn(tx: Db, row: RefundRow, session: SessionRow): Promise<RefundRow> {
  const back = await transition(tx, "refund", row, "reorg", {
    set: { completedAt: null, txHash: null, sentFrom: null, blockNumber: null, dueAt: new Date() },
  });
  await tx
    .update(checkoutSessions)
    .set({ refundedMicro: sql`greatest(${checkoutSessions.refundedMicro} - ${row.amountMicro}, 0)`, updatedAt: new Date() })
    .where(eq(checkoutSessions.id, session.id));
  return back;
}

// ——— Reads ———

/** A refund of the merchant's (another merchant's: not found). */
export async function getRefund(db: Db, id: string, { actor }: As<MerchantActor>): Promise<RefundDto> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.merchantId, actor.merchantId)))
    .limit(1);
  if (!row) throw notFound("Refund");
  return refundDto(row);
}

/** A session's refunds, oldest first (another merchant's session: not found). */
export async function listRefunds(db: Db, sessionId: string, { actor }: As<MerchantActor>): Promise<RefundDto[]> {
  const [session] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.merchantId, actor.merchantId)))
    .limit(1);
  if (!session) throw notFound("Session");
  const rows = await db.select().from(refunds).where(eq(refunds.sessionId, sessionId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(refundDto);
}

/** The session's refunds as rows (the dashboard's page of a session, which has checked the session is the merchant's). */
export const refundRowsOf = (db: Db, sessionId: string) =>
  db.select().from(refunds).where(eq(refunds.sessionId, sessionId)).orderBy(asc(refunds.createdAt), asc(refunds.id));

/** The refund and its session, locked (session first, the one lock order), for a merchant or the system. */
async function lockRefund(tx: Db, id: string, merchantId: string | null): Promise<{ row: RefundRow; session: SessionRow }> {
  const [found] = await tx
    .select({ sessionId: refunds.sessionId, merchantId: refunds.merchantId })
    .from(refunds)
    .where(merchantId ? and(eq(refunds.id, id), eq(refunds.merchantId, merchantId)) : eq(refunds.id, id))
    .limit(1);
  if (!found) throw notFound("Refund");
  const session = await lockOwnSession(tx, found.sessionId, found.merchantId);
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update").limit(1);
  return { row: row!, session };
}

// ——— The merchant cancels ———

/** Cancels a refund before the money moved (awaiting the claim, or the transfer with none seen); a cancelled one answers as it is. */
export async function cancelRefund(db: Db, id: string, { actor }: As<MerchantActor>): Promise<RefundDto> {
  return withEvents(db, async (tx, emit) => {
    const { row, session } = await lockRefund(tx, id, actor.merchantId);
    if (row.status === "CANCELLED") return refundDto(row);
    if (!REFUND.triggers.cancel.from.includes(row.status) || row.txHash)
      throw conflict(
        row.txHash
          ? "A transfer for this refund is already on the chain: it can no longer be cancelled"
          : `The refund is ${row.status}: only a refund whose money has not moved can be cancelled`,
      );
    const done = await transition(tx, "refund", row, "cancel", { set: { cancelledAt: new Date(), dueAt: null } });
    await emit({ type: "refund.cancelled", session, order: null, refund: refundDto(done) });
    await auditMerchant(tx, actor, "refund.cancelled", row.id, { session: session.id, amountUsdc: usdcFromMicro(row.amountMicro) });
    return refundDto(done);
  });
}

// ——— The payer claims ———

/** What the claim page shows: the refund, its shop and its session's language. */
export async function claimView(db: Db, token: string) {
  const id = refundIdOf(token);
  if (!id) return null;
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  if (!row || row.method !== "claim") return null;
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.sessionId)).limit(1);
  return session ? { refund: row, session } : null;
}

/** The addresses a refund may not go to: the zero address, the rail's contracts and USDC, the service's own wallets, the merchant's recipient. */
export type AddressGuard = (address: string, session: SessionRow) => string | null;

/** Checks a payer's address (EIP-55 checksum, or all one case): the address checksummed, or a message. */
export function checkPayoutAddress(text: string, session: SessionRow, guard: AddressGuard): { address: string } | { problem: string } {
  const v = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(v)) return { problem: "must be 0x followed by 40 hex characters" };
  const oneCase = v.slice(2) === v.slice(2).toLowerCase() || v.slice(2) === v.slice(2).toUpperCase();
  if (!oneCase && !isAddress(v, { strict: true })) return { problem: "fails its checksum: check it letter by letter, or paste it again" };
  const address = getAddress(v.toLowerCase());
  if (/^0x0{40}$/.test(address)) return { problem: "is the zero address: USDC sent there is lost" };
  if (address.toLowerCase() === session.recipientAddress.toLowerCase()) return { problem: "is the shop's own address" };
  const refused = guard(address, session);
  return refused ? { problem: refused } : { address };
}

/**
 * The payer says where the USDC goes (or changes it, until the merchant has sent): the refund awaits
 * the merchant's transfer. On the sandbox it completes at once with a made-up transaction hash; on the
 * real rail transfers count from `headBlock` on (the chain's head as the claim is made).
 */
export async function claimRefund(
  db: Db,
  input: { refundId: string; address: string; headBlock: bigint | null },
  _as: As<SystemActor>,
): Promise<RefundRow> {
  return withEvents(db, async (tx, emit) => {
    const { row, session } = await lockRefund(tx, input.refundId, null);
    if (row.method !== "claim") throw notFound("Refund");
    if (row.status === "AWAITING_TRANSFER" && row.txHash) throw conflict("The shop has already sent this refund");
    if (row.status !== "AWAITING_CLAIM" && row.status !== "AWAITING_TRANSFER") throw conflict(`The refund is ${row.status}`);
    const trigger = row.status === "AWAITING_CLAIM" ? "claim" : "reclaim";
    const live = row.environment === "live";
    let claimed = await transition(tx, "refund", row, trigger, {
      set: {
        payoutAddress: input.address,
        claimedAt: new Date(),
        watchFromBlock: live ? input.headBlock : null,
        dueAt: live ? new Date() : null,
      },
    });
    await emit({ type: "refund.claimed", session, order: null, refund: refundDto(claimed) });
    if (!live) {
      // the sandbox: the merchant's transfer is simulated, so integrators see every event
      ({ row: claimed } = await completeIn(tx, emit, claimed, session, {
        trigger: "complete",
        txHash: `0x${crypto.randomBytes(32).toString("hex")}`,
        sentFrom: session.recipientAddress,
      }));
    } else jobs.refundDue(claimed.id);
    return claimed;
  });
}

// ——— The refunds job: an unclaimed refund expires; a live claim's transfers are read (./watch.ts) ———

/** Refunds whose job is due, oldest first. */
export async function findDueRefunds(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(isNotNull(refunds.dueAt), lte(refunds.dueAt, new Date())))
    .orderBy(asc(refunds.dueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What the job does for a live refund awaiting or just past its transfer: read the chain, and say when to look again. */
export type RefundWatcher = (db: Db, refundId: string) => Promise<void>;

/** Expires an unclaimed refund that is due; hands a live claim to `watch`. */
export async function advanceRefund(db: Db, refundId: string, watch?: RefundWatcher): Promise<void> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!row || !row.dueAt) return;
  if (row.status === "AWAITING_CLAIM") {
    if (row.expiresAt.getTime() > Date.now()) {
      await db.update(refunds).set({ dueAt: row.expiresAt }).where(eq(refunds.id, row.id));
      return;
    }
    await withEvents(db, async (tx, emit) => {
      const { row: locked, session } = await lockRefund(tx, refundId, null);
      if (locked.status !== "AWAITING_CLAIM") return;
      const done = await transition(tx, "refund", locked, "expire", { set: { dueAt: null } });
      await emit({ type: "refund.expired", session, order: null, refund: refundDto(done) });
    });
    return;
  }
  if (row.environment === "live" && watch && (row.status === "AWAITING_TRANSFER" || row.status === "COMPLETED")) {
    await watch(db, refundId);
    return;
  }
  await db.update(refunds).set({ dueAt: null }).where(eq(refunds.id, row.id));
}

export { lockRefund };

/** What the payer's claim page shows of a refund: the shop, the amount and why, where it stands. */
export type ClaimPage = {
  shop: string;
  amountUsdc: string;
  reason: string | null;
  status: RefundRow["status"];
  payoutAddress: string | null;
  /** a transfer was seen: the address can no longer change */
  sent: boolean;
  txHash: string | null;
  chainId: number;
  sandbox: boolean;
  expiresAt: string;
};

export async function claimPage(db: Db, token: string): Promise<ClaimPage | null> {
  const view = await claimView(db, token);
  if (!view) return null;
  const [m] = await db
    .select({ name: merchants.name, displayName: merchants.displayName })
    .from(merchants)
    .where(eq(merchants.id, view.refund.merchantId))
    .limit(1);
  const r = view.refund;
  return {
    shop: m?.displayName || m?.name || "The shop",
    amountUsdc: usdcFromMicro(r.amountMicro),
    reason: r.reason,
    status: r.status,
    payoutAddress: r.payoutAddress,
    sent: r.txHash !== null,
    txHash: r.status === "COMPLETED" ? r.txHash : null,
    chainId: view.session.destinationChainId,
    sandbox: r.environment === "sandbox",
    expiresAt: r.expiresAt.toISOString(),
  };
}
