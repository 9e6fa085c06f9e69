import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  checkoutSessions,
  type DeliveryRow,
  deliveries,
  type OrderRow,
  orders,
  type RefundRow,
  refunds,
  type SessionRow,
} from "@/db/schema";
import { conflict, notFound } from "@/lib/core/errors";
import { metrics } from "@/lib/metrics";
import { type MachineName, ruleOf, type TriggerOf } from "./machines";

const TABLES = { session: checkoutSessions, order: orders, delivery: deliveries, refund: refunds } as const;
const LABELS: Record<MachineName, string> = { session: "Session", order: "Order", delivery: "Delivery", refund: "Refund" };

export type RowOf = { session: SessionRow; order: OrderRow; delivery: DeliveryRow; refund: RefundRow };

export type TransitionOptions<M extends MachineName> = {
  /** other columns written in the same UPDATE */
  set?: Partial<Omit<RowOf[M], "id" | "status">>;
  /** a further condition the row must meet (a delivery's lease, say) */
  where?: SQL;
};

/** The row to move, as it was read: its id and the merchant it belongs to. */
export type RowRef = { id: string; merchantId: string };

/**
 * Moves one row by `trigger`:
 * `UPDATE … SET status = <to> WHERE id = $1 AND merchant_id = $2 AND status IN (<from>)`.
 * The condition is the check, so a row whose status changed since it was read is never moved, and
 * the merchant of the row that was read (after its access check) scopes the write as well.
 * Returns the updated row, or undefined when no row matched.
 */
export async function tryTransition<M extends MachineName>(
  db: Db,
  machine: M,
  ref: RowRef,
  trigger: TriggerOf<M>,
  opts: TransitionOptions<M> = {},
): Promise<RowOf[M] | undefined> {
  const table = TABLES[machine] as typeof checkoutSessions;
  const rule = ruleOf(machine, trigger);
  const [row] = await db
    .update(table)
    .set({ updatedAt: new Date(), ...(opts.set as object), status: rule.to as SessionRow["status"] })
    .where(
      and(
        eq(table.id, ref.id),
        eq(table.merchantId, ref.merchantId),
        inArray(table.status, rule.from as SessionRow["status"][]),
        opts.where,
      ),
    )
    .returning();
  if (row) metrics().transition(machine, trigger, rule.to);
  return row as RowOf[M] | undefined;
}

/** As tryTransition, but a row that cannot move is a 409 naming the machine, the trigger and where the row stands. */
export async function transition<M extends MachineName>(
  db: Db,
  machine: M,
  ref: RowRef,
  trigger: TriggerOf<M>,
  opts: TransitionOptions<M> = {},
): Promise<RowOf[M]> {
  const row = await tryTransition(db, machine, ref, trigger, opts);
  if (row) return row;
  const table = TABLES[machine] as typeof checkoutSessions;
  const [current] = await db
    .select({ status: table.status })
    .from(table)
    .where(and(eq(table.id, ref.id), eq(table.merchantId, ref.merchantId)))
    .limit(1);
  if (!current) throw notFound(LABELS[machine]);
  const from = ruleOf(machine, trigger).from;
  throw conflict(`${LABELS[machine]} is ${current.status}; "${trigger}" applies only to ${from.join(", ")}`, {
    machine,
    trigger,
    status: current.status,
    allowedFrom: [...from],
  });
}

/**
 * The statuses a trigger moves from, as an SQL list for a hand-written statement
 * (`… WHERE status IN (${fromSql("delivery", "gaveUp")})`). The values come from the table, never
 * from input, so they are written as literals.
 */
export function fromSql<M extends MachineName>(machine: M, trigger: TriggerOf<M>): SQL {
  const from = ruleOf(machine, trigger).from;
  for (const s of from) if (!/^[A-Z_]+$/.test(s)) throw new Error(`not a status name: ${s}`);
  return sql.raw(from.map((s) => `'${s}'`).join(", "));
}
