import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { checkoutSessions } from "@/db/schema";
import { call, newMerchant, sessionBody } from "../support/api";
import { testDb } from "../support/db";

// An app instance dies (SIGKILL) in the middle of a request that carries an Idempotency-Key. The
// client, seeing no answer, retries with the same key on another instance: the retry must run (and
// create the session once), not meet "still in progress" for the next 24 hours.

describe("a request whose instance dies half-way", () => {
  it("leaves nothing behind: the retry with the same key creates the session, once", async () => {
    const m = await newMerchant();
    const body = sessionBody(m);
    const key = `crash-${Date.now()}`;
    const url = process.env.DATABASE_URL!;
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    try {
      // hold the merchant's row, so the dying instance's insert of the session waits half-way
      await sql.begin(async (tx) => {
        await tx`select id from merchants where id = ${m.id} for update`;
        const child = spawn(process.execPath, ["--import", "tsx", "tests/support/request-child.ts"], {
          env: {
            ...process.env,
            REQUEST: JSON.stringify({
              method: "POST",
              url: "/api/checkout/sessions",
              key: m.apiKey,
              body,
              headers: { "idempotency-key": key },
            }),
          },
          stdio: "ignore",
        });
        const exited = new Promise((r) => child.once("exit", r));
        const until = Date.now() + 30_000;
        for (;;) {
          const [{ n }] =
            await sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
          if (n > 0) break;
          if (Date.now() > until) throw new Error("the request never reached the session insert");
          await new Promise((r) => setTimeout(r, 50));
        }
        child.kill("SIGKILL");
        await exited;
      });

      const retry = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body, headers: { "idempotency-key": key } });
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBeNull();
      const again = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body, headers: { "idempotency-key": key } });
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body.responseObject.session.id).toBe(retry.body.responseObject.session.id);
      const db = await testDb();
      expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).toHaveLength(1);
    } finally {
      await sql.end({ timeout: 2 });
    }
  });
});
