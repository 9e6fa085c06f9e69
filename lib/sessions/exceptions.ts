import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, sessionExceptions, type SessionRow } from "@/db/schema";
import { auditMerchant, auditWho, recordAudit } from "@/lib/audit";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";
import { AppError, conflict, notFound } from "@/lib/core/errors";
import { type Emit, withEvents } from "@/lib/events/service";
import { jobs } from "@/lib/jobs";
import { owesReceipt } from "@/lib/receipts/owed";
import { lockOrder, lockSession } from "./rows";
import { canFire, transition } from "@/lib/state";
import { resolveExceptions, summaryOf } from "@/lib/exceptions/service";

// How a person resolves an exception: an owner marks the session paid in full (the session is then
// COMPLETED with markedBy, and session.completed goes out as for any payment), dismisses it with a
// note, or has a blocked release tried again now. Each is audited. The dashboard asks owners for a
// recent re-authentication before marking paid (actions/dashboard/exceptions.ts); the operator's
// command line (npm run admin) may do the same. They live with the sessions they move (lib/exceptions opens and resolves the rows).

export const MAX_NOTE = 500;

type Who = MerchantActor | OperatorActor;
const label = (actor: Who) => (actor.kind === "operator" ? "operator" : (actor.person?.email ?? "API key"));

async function audit(db: Db, actor: Who, merchantId: string, action: string, target: string, details: Record<string, unknown>) {
  if (actor.kind === "operator") await recordAudit(db, { merchantId, who: auditWho(actor), action, target, details });
  else await auditMerchant(db, actor, action, target, details);
}

/** The exception, open, of a session the actor may act on (the operator: any). */
async function openOne(tx: Db, actor: Who, sessionId: string, exceptionId: string) {
  const session = await lockSession(tx, sessionId, actor.kind === "operator" ? { kind: "system" } : actor);
  const [row] = await tx
    .select()
    .from(sessionExceptions)
    .where(and(eq(sessionExceptions.id, exceptionId), eq(sessionExceptions.sessionId, session.id)));
  if (!row) throw notFound("Exception");
  if (row.status !== "OPEN") throw conflict("This exception is already resolved");
  return { session, row };
}

function checkNote(note: string | undefined, required: boolean): string | null {
  const text = note?.trim() ?? "";
  if (required && !text) throw new AppError("VALIDATION_FAILED", "note: say why it is dismissed", { fields: { note: "required" } });
  if (text.length > MAX_NOTE)
    throw new AppError("VALIDATION_FAILED", `note: at most ${MAX_NOTE} characters`, { fields: { note: "too long" } });
  return text || null;
}

/**
 * An owner marks the session paid in full: it is COMPLETED (from an open, expired or cancelled
 * session), markedBy says who, every open exception of it is resolved MARKED_PAID, and
 * session.completed goes out. A live order still open keeps its intent: a release that comes later is
 * counted, and changes nothing else.
 */
export async function markPaidInFull(db: Db, actor: Who, input: { sessionId: string; exceptionId: string; note?: string }) {
  const note = checkNote(input.note, false);
  return withEvents(db, async (tx, emit) => {
    let { session } = await openOne(tx, actor, input.sessionId, input.exceptionId);
    if (!canFire("session", "markPaid", session.status)) throw conflict(`The session is ${session.status}`);
    const order = await lockOrder(tx, session.activeOrderId, session);
    const now = new Date();
    const receipt = owesReceipt(session);
    session = await transition(tx, "session", session, "markPaid", {
      set: { completedAt: now, markedPaidBy: label(actor), markedPaidAt: now, ...(receipt ? { receiptDueAt: now } : {}) },
    });
    if (receipt) jobs.receiptDue(session.id);
    await emit({ type: "session.completed", session, order });
    const resolved = await resolveExceptions(tx, emit, { session, order, resolution: "MARKED_PAID", by: label(actor), note });
    await audit(tx, actor, session.merchantId, "session.marked_paid", session.id, {
      exceptions: resolved.resolved.map((r) => r.id),
      note,
    });
    return { session: resolved.session, exception: summaryOf(resolved.resolved.find((r) => r.id === input.exceptionId)!) };
  });
}

/** An owner dismisses an exception with a note (why nothing is owed): it is resolved DISMISSED; the session is unchanged. */
export async function dismissException(db: Db, actor: Who, input: { sessionId: string; exceptionId: string; note: string }) {
  const note = checkNote(input.note, true);
  return withEvents(db, async (tx, emit) => {
    const { session } = await openOne(tx, actor, input.sessionId, input.exceptionId);
    const order = await lockOrder(tx, session.activeOrderId, session);
    const resolved = await resolveExceptions(tx, emit, {
      session,
      order,
      resolution: "DISMISSED",
      by: label(actor),
      note,
      id: input.exceptionId,
    });
    await audit(tx, actor, session.merchantId, "session.exception_dismissed", session.id, { exception: input.exceptionId, note });
    return { session: resolved.session, exception: summaryOf(resolved.resolved[0]!) };
  });
}

/** Releases a sandbox session's blocked order now, in the transaction (lib/orders/sandbox-exceptions.ts hands it in). */
export type SandboxRelease = (tx: Db, emit: Emit, session: SessionRow, orderId: string) => Promise<void>;

/**
 * A blocked release is tried again now (its next try was minutes away): the exception stays open until
 * the release goes through, which resolves it (RELEASED). A sandbox session's block was simulated: it
 * is released at once by `sandboxRelease` (refused without one).
 */
export async function retryRelease(db: Db, actor: Who, input: { sessionId: string; exceptionId: string }, sandboxRelease?: SandboxRelease) {
  const done = await withEvents(db, async (tx, emit) => {
    const { session, row } = await openOne(tx, actor, input.sessionId, input.exceptionId);
    if (row.kind !== "RELEASE_BLOCKED" || !row.orderId) throw conflict("Only a blocked release can be tried again");
    await audit(tx, actor, session.merchantId, "session.release_retried", session.id, { exception: row.id, order: row.orderId });
    if (session.environment === "sandbox") {
      if (!sandboxRelease) throw conflict("A sandbox release is tried again from the dashboard");
      await sandboxRelease(tx, emit, session, row.orderId);
      const [now] = await tx.select().from(sessionExceptions).where(eq(sessionExceptions.id, row.id));
      return { exception: summaryOf(now!), due: null };
    }
    const [order] = await tx
      .update(orders)
      .set({ railDueAt: new Date(), railTries: 0 })
      .where(and(eq(orders.id, row.orderId), eq(orders.sessionId, session.id), eq(orders.status, "PROOF_VERIFIED")))
      .returning({ id: orders.id });
    if (!order) throw conflict("The release is not waiting to be tried again");
    return { exception: summaryOf(row), due: row.orderId };
  });
  if (done.due) jobs.railDue(done.due);
  return { exception: done.exception };
}
