import { getTableConfig, PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { checkoutSessions, deliveries, orders } from "@/db/schema";
import {
  canFire,
  isOrderEnded,
  isOrderLive,
  isOrderPaid,
  isSessionOpen,
  isTerminal,
  MACHINES,
  type MachineName,
  statusesWhere,
} from "./machines";

describe("the tables", () => {
  it.each(Object.keys(MACHINES) as MachineName[])("%s: every rule names statuses of its enum", (name) => {
    const m = MACHINES[name];
    expect(m.statuses).toContain(m.initial);
    for (const rule of Object.values<{ from: readonly string[]; to: string }>(m.triggers)) {
      expect(rule.from.length).toBeGreaterThan(0);
      for (const s of [...rule.from, rule.to]) expect(m.statuses).toContain(s);
    }
  });

  it("the initial status of each machine can be left", () => {
    for (const name of Object.keys(MACHINES) as MachineName[]) expect(isTerminal(name, MACHINES[name].initial as never)).toBe(false);
  });
});

describe("the predicates, derived from the tables", () => {
  // the sets the services spelled out by hand before the tables existed
  it("an open session is CREATED or ACTIVE", () => {
    expect(statusesWhere("session", isSessionOpen)).toEqual(["CREATED", "ACTIVE"]);
  });

  it("an ended order is CANCELLED, EXPIRED or FAILED; FULFILLED is over but not ended", () => {
    expect(statusesWhere("order", isOrderEnded)).toEqual(["CANCELLED", "EXPIRED", "FAILED"]);
    expect(isTerminal("order", "FULFILLED")).toBe(true);
  });

  it("a paid order is one the payer may have sent money for", () => {
    expect(statusesWhere("order", isOrderPaid)).toEqual(["PAYMENT_SENT", "PROOF_VERIFIED", "FULFILL_SUBMITTED", "FULFILLED"]);
  });

  it("a fulfillable order has its intent on-chain: mined, paid, verified or its release sent", () => {
    expect(statusesWhere("order", (s) => canFire("order", "fulfil", s))).toEqual([
      "SIGNAL_MINED",
      "PAYMENT_SENT",
      "PROOF_VERIFIED",
      "FULFILL_SUBMITTED",
    ]);
  });

  it("session expiry may end a paid order, cancel may not", () => {
    expect(canFire("order", "sessionExpired", "PAYMENT_SENT")).toBe(true);
    expect(canFire("order", "cancel", "PAYMENT_SENT")).toBe(false);
  });
});

describe("the partial indexes of db/schema.ts agree with the tables", () => {
  const dialect = new PgDialect();
  const predicate = (table: Parameters<typeof getTableConfig>[0], name: string) => {
    const index = getTableConfig(table).indexes.find((i) => i.config.name === name);
    return dialect.sqlToQuery(index!.config.where!).sql;
  };
  const list = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(", ");

  it("one live order per session: the index leaves out exactly the orders that are not live", () => {
    const listed = (sql: string) => [...sql.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!).sort();
    expect(predicate(orders, "orders_one_live_per_session_key")).toMatch(/^status not in \(/);
    expect(listed(predicate(orders, "orders_one_live_per_session_key"))).toEqual(statusesWhere("order", (s) => !isOrderLive(s)).sort());
    // a fulfilled order no longer holds its session: a v1 order paid in part starts another for the rest
    expect(statusesWhere("order", (s) => !isOrderLive(s))).toEqual(["FULFILLED", ...statusesWhere("order", isOrderEnded)]);
  });

  it("the expiry sweeps read the statuses expiry moves from", () => {
    expect(predicate(checkoutSessions, "checkout_sessions_open_expiry_idx")).toBe(
      `status in (${list(MACHINES.session.triggers.expire.from)})`,
    );
    expect(predicate(orders, "orders_unpaid_expiry_idx")).toBe(`status = ${list(MACHINES.order.triggers.expire.from)}`);
  });

  it("due deliveries are the ones an attempt may be recorded for", () => {
    expect(predicate(deliveries, "deliveries_due_idx")).toBe(`status = ${list(MACHINES.delivery.triggers.attemptSucceeded.from)}`);
  });
});
