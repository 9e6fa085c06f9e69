import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Db, openPglite } from "@/db/client";
import { chainTxs } from "@/db/schema";
import { insertWalkRows } from "@/tests/support/walk-rows";
import { logger } from "@/lib/core/logger";
import { CHAIN_TX, type ChainTxTrigger } from "@/lib/state/machines";
import { moveTx } from "./transactions";

// Walks every (status, trigger) pair of the rail transaction's machine through moveTx's UPDATE on an
// embedded database: an allowed pair moves the row; a row already where the trigger leads stays, in
// silence; any other pair leaves the row as it was and is logged as an error.

let db: Db;
let close: () => Promise<void>;
const TX = { id: "ctx_walk", orderId: "ord_walk", kind: "signal", hash: `0x${"ef".repeat(32)}` };

beforeAll(async () => {
  ({ db, close } = await openPglite("memory://"));
  await insertWalkRows(db, { merchant: "mer_walk", session: "sess_walk", order: TX.orderId });
  await db.insert(chainTxs).values({ ...TX, wallet: "0x1", nonce: 0, raw: "0x", status: CHAIN_TX.initial });
});
afterAll(() => close());

const statusNow = async () => (await db.select({ status: chainTxs.status }).from(chainTxs).where(eq(chainTxs.id, TX.id)))[0]!.status;
const put = (status: string) => db.update(chainTxs).set({ status }).where(eq(chainTxs.id, TX.id));

const pairs = (Object.keys(CHAIN_TX.triggers) as ChainTxTrigger[]).flatMap((trigger) =>
  CHAIN_TX.statuses.map((from) => ({
    trigger,
    from,
    to: CHAIN_TX.triggers[trigger].to,
    allowed: CHAIN_TX.triggers[trigger].from.includes(from),
  })),
);

describe("moveTx over every (status, trigger) pair of a rail transaction", () => {
  it("walks 7 statuses x 8 triggers", () => {
    expect(pairs).toHaveLength(7 * 8);
    expect(pairs.filter((p) => p.allowed).length).toBeGreaterThan(10);
  });

  it.each(pairs.filter((p) => p.allowed))("$from --$trigger--> $to", async ({ trigger, from, to }) => {
    await put(from);
    const row = await moveTx(db, TX, trigger, trigger === "broadcast" ? { sentAt: new Date() } : {});
    expect(row.status).toBe(to);
    expect(await statusNow()).toBe(to);
  });

  it.each(pairs.filter((p) => !p.allowed))("$from refuses $trigger: the row stays", async ({ trigger, from, to }) => {
    await put(from);
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const row = await moveTx(db, TX, trigger);
      expect(row.status).toBe(from);
      expect(await statusNow()).toBe(from);
      // already where the trigger leads: another process wrote it first, nothing to say
      expect(error).toHaveBeenCalledTimes(from === to ? 0 : 1);
    } finally {
      error.mockRestore();
    }
  });
});
