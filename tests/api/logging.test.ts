import { eq, sql } from "drizzle-orm";
import { checkoutSessions } from "@/db/schema";
import { newHandoffCode, resolveHandoff } from "@/lib/checkout/handoff";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { LocalDispatcher as Dispatcher } from "@/lib/start";
import { route } from "@/lib/http/route";
import { errorFields, logHash, setLogLevel } from "@/lib/core/logger";
import { call, newMerchant, WALLET } from "../support/api";
import { testDb } from "../support/db";
import { captureStderr } from "../support/stderr";

// A failed query's message quotes its parameters (drizzle: "params: …"; PostgreSQL: the value it
// could not read), which may be session ids, metadata or secrets. Error logs carry the error's
// class, its SQLSTATE and the request id instead.

const SECRET = "sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const INVALID_INTEGER = "22P02";

/** A real failed query whose parameter is SECRET. */
async function failedQuery(db: Db): Promise<unknown> {
  try {
    await db.execute(sql`select ${SECRET}::int as n`);
  } catch (err) {
    return err;
  }
  throw new Error("the query was expected to fail");
}

let captured: string[] = [];
afterEach(() => vi.restoreAllMocks());

describe("error logs", () => {
  it("errorFields keeps the class and SQLSTATE of a failed query, never its parameters", async () => {
    const err = (await failedQuery(await testDb())) as Error & { cause?: Error };
    // what this guards against: the error's own messages hold the parameter
    expect(`${err.message} ${String(err.cause?.message)}`).toContain(SECRET);
    const fields = errorFields(err);
    expect(fields).toMatchObject({ errorClass: expect.any(String), code: INVALID_INTEGER });
    expect(JSON.stringify(fields)).not.toContain(SECRET);
    expect(JSON.stringify(fields)).not.toContain(SECRET.slice(8));
  });

  it("an unhandled error in an API route is logged with its request id and code, without the parameter", async () => {
    const handler = route({ auth: "public" }, async ({ db }) => {
      await db.execute(sql`select ${SECRET}::int as n`);
      return { message: "unreachable" };
    });
    captured = captureStderr();
    const res = await handler(new Request("http://checkout.test/api/x", { headers: { "x-request-id": "req-log-1" } }), {
      params: Promise.resolve({}),
    });
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain(SECRET);
    const lines = captured.filter((l) => l.includes('"unhandled error"'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "error", requestId: "req-log-1", code: INVALID_INTEGER, errorClass: expect.any(String) });
    expect(lines[0]).not.toContain(SECRET);
  });

  it("the dispatcher logs a failed tick without the parameter", async () => {
    const error = await failedQuery(await testDb());
    // every query of this handle fails with that error
    const failing = new Proxy({} as Db, {
      get: () => () => {
        throw error;
      },
    });
    captured = captureStderr();
    const dispatcher = new Dispatcher(failing, { pollMs: 20, purgeEveryMs: 60_000 });
    dispatcher.start();
    const until = Date.now() + 5_000;
    while (!captured.some((l) => l.includes('"dispatcher tick failed"')) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await dispatcher.stop();
    vi.restoreAllMocks();
    const lines = captured.filter((l) => l.includes('"level":"error"'));
    expect(lines.some((l) => l.includes('"dispatcher tick failed"'))).toBe(true);
    for (const l of lines) {
      expect(l).not.toContain(SECRET);
      expect(JSON.parse(l)).toMatchObject({ code: INVALID_INTEGER });
    }
  });
});

describe("session ids in logs", () => {
  it("a session id, the payer's bearer credential, is logged as its hash", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const made = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "10.00", destinationAddress: WALLET },
    });
    const id = made.body.responseObject.order.id as string;
    // a hand-off sealed under another APP_SECRET (a restored backup) is logged with its session
    const code = newHandoffCode();
    await db.update(checkoutSessions).set({ handoffCode: code, handoffToken: "sealed-elsewhere" }).where(eq(checkoutSessions.id, id));
    captured = captureStderr();
    setLogLevel("warn");
    try {
      expect(await resolveHandoff(db, code)).toEqual({ open: false });
    } finally {
      setLogLevel("error");
      vi.restoreAllMocks();
    }
    const lines = captured.filter((l) => l.includes("could not be unsealed"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(id);
    expect(lines[0]).not.toContain(id.slice(5));
    expect(JSON.parse(lines[0]!)).toMatchObject({ sessionId: logHash(id) });
    expect(logHash(id)).toMatch(/^sha256:[0-9a-f]{16}$/);
  });
});
