import { type Column, getTableColumns, sql } from "drizzle-orm";
import { columnValues, typedPlaceholder as typed } from "@/db/client";
import { checkoutSessions, orders, type OrderRow, type SessionRow } from "@/db/schema";
import { statementWithEventsIf } from "@/lib/events/service";
import { fromSql } from "@/lib/state";

// A session's start as one statement: the session's move, the new order, the events and their
// deliveries, atomic without a transaction and one round trip instead of four (BEGIN, the order and
// the move, the events, COMMIT). The move's condition is the check: the session must be exactly as it
// was read (its updated_at) and in a status that may start. The order's insert selects from the move,
// and the events' from it too (statementWithEventsIf), so when the move finds no row nothing at all
// is written.

const ORDER_COLUMNS = Object.entries(getTableColumns(orders)) as [keyof OrderRow, Column][];
const SESSION_COLUMNS = getTableColumns(checkoutSessions);
/** What a start changes on the session; the orders' insert trigger sets first_order_at (migration 0007). */
const MOVED = (["status", "activeOrderId", "selectedPaymentPlatform", "selectedFiatCurrency", "amountMicro", "updatedAt"] as const).map(
  (key) => [key, SESSION_COLUMNS[key]] as const,
);
/** What the move's condition compares with the session as read. */
const READ = (["id", "merchantId", "updatedAt"] as const).map((key) => [key, SESSION_COLUMNS[key]] as const);

// the order's values are selected, not VALUES, so each placeholder says its column's type (typed)

export const startStatement = statementWithEventsIf(
  "session_start",
  "moved",
  () => sql`moved as (
    update ${checkoutSessions} set ${sql.join(
      MOVED.map(([key, column]) => sql`${sql.identifier(column.name)} = ${typed(`session.${key}`, column)}`),
      sql`, `,
    )}
    where ${checkoutSessions.id} = ${sql.placeholder("read.id")} and ${checkoutSessions.merchantId} = ${sql.placeholder("read.merchantId")}
      and ${checkoutSessions.status} in (${fromSql("session", "start")})
      and ${checkoutSessions.updatedAt} = ${typed("read.updatedAt", SESSION_COLUMNS.updatedAt)}
    returning ${checkoutSessions.id}
  ), created as (
    insert into ${orders} (${sql.join(
      ORDER_COLUMNS.map(([, c]) => sql.identifier(c.name)),
      sql`, `,
    )})
    select ${sql.join(
      ORDER_COLUMNS.map(([key, c]) => typed(`order.${key}`, c)),
      sql`, `,
    )}
    where exists (select 1 from moved)
  )`,
);

/** startStatement's values: the session as read, the session once started, and its new order. */
export function startValues(read: SessionRow, started: SessionRow, order: OrderRow): Record<string, unknown> {
  return {
    ...columnValues("read", READ, read),
    ...columnValues("session", MOVED, started),
    ...columnValues("order", ORDER_COLUMNS, order),
  };
}
