import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { auditLog, merchants } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { jobs, localDispatcher, registerLocalDispatcher } from "@/lib/jobs";
import { createWebhookBody } from "@/lib/webhooks/schemas";
import { captureStderr } from "../support/stderr";
import { awayFromWindowEdge, call, newMerchant, newSession, randomIp } from "../support/api";
import { testDb } from "../support/db";

// The action helper is to server actions what route() is to the API: the same text checks and
// validation messages, rate limits, and an answer for every failure, never a thrown error or a
// driver's message. The payer variant of route() answers the payer page with the same mapping.

let ip = randomIp();
let signedIn: string | null = null;
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": ip }) }));
vi.mock("@/lib/auth/session", async () => {
  const { redirect } = await import("next/navigation");
  return {
    requireMerchant: async () => {
      if (!signedIn) redirect("/dashboard/sign-in");
      return { merchantId: signedIn };
    },
  };
});

const { action, GENERIC_FAILURE, UNAVAILABLE_FAILURE } = await import("@/lib/http/action");
const { route } = await import("@/lib/http/route");

const SECRET = "sk_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9";
const BAD_TEXT = "name: must not contain NUL characters or unpaired surrogates";
const named = z.strictObject({ name: z.string().min(1, { error: "is required" }) });
const unique = (what: string) => `${what}.${crypto.randomBytes(4).toString("hex")}`;
const outage = () => Object.assign(new Error(`connect ECONNREFUSED 10.0.0.9:5432 ${SECRET}`), { code: "ECONNREFUSED" });

let captured: string[] = [];

beforeEach(() => {
  ip = randomIp();
  signedIn = null;
});
afterEach(() => vi.restoreAllMocks());

describe("action(): input", () => {
  it("refuses input that fails the schema with the API's message and the fields named", async () => {
    const m = await newMerchant();
    const body = { url: "not a url", events: ["order.nothing"] };
    const api = await call("POST", "/api/webhooks", { key: m.apiKey, body });
    expect(api.status).toBe(400);

    const handler = vi.fn(async () => ({ ok: true as const }));
    const create = action({ name: "test.create", input: createWebhookBody, actor: "public" }, handler);
    const r = await create(body as never);
    expect(r).toEqual({ ok: false, message: api.body.message, fields: api.body.error!.details!.fields });
    expect(Object.keys(api.body.error!.details!.fields as object)).toEqual(["url", "events.0"]);
    expect(handler).not.toHaveBeenCalled();
  });

  it("a friendlier message may replace the schema's; the fields stay, and a problem with the whole input is not a field", async () => {
    const handler = vi.fn(async () => ({ ok: true as const }));
    const act = action({ name: "test.friendly", input: named, actor: "public", invalid: "Check the highlighted fields." }, handler);
    expect(await act({ name: "" })).toEqual({ ok: false, message: "Check the highlighted fields.", fields: { name: "is required" } });
    expect(await act(null as never)).toEqual({ ok: false, message: "Check the highlighted fields." });
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses NUL and unpaired surrogates anywhere in the input before the schema or the handler sees them", async () => {
    const handler = vi.fn(async () => ({ ok: true as const }));
    const act = action({ name: "test.text", input: named, actor: "public", invalid: "Check the highlighted fields." }, handler);
    expect(await act({ name: "shop\u0000" })).toMatchObject({ ok: false, message: BAD_TEXT });
    expect(await act({ name: "shop\ud800" })).toMatchObject({ ok: false, message: BAD_TEXT });
    expect(handler).not.toHaveBeenCalled();
    expect(await act({ name: "shop" })).toEqual({ ok: true });
  });
});

describe("action(): rate limits", () => {
  it("counts by address and answers the limit's message once it is spent, without running the handler", async () => {
    await awayFromWindowEdge(60_000, 10_000);
    const handler = vi.fn(async () => ({ ok: true as const }));
    const rule = { name: unique("test.ip"), limit: 3, windowMs: 60_000, by: "ip" } as const;
    const act = action({ name: "test.limited", input: named, actor: "public", rateLimit: rule }, handler);
    for (let i = 0; i < 3; i++) expect(await act({ name: "a" })).toEqual({ ok: true });
    const limited = await act({ name: "a" });
    expect(limited).toEqual({ ok: false, message: expect.stringMatching(/^Too many attempts; try again in \d+ seconds\.$/) });
    expect(handler).toHaveBeenCalledTimes(3);
    // another address is not limited
    ip = randomIp();
    expect(await act({ name: "a" })).toEqual({ ok: true });

    const custom = action(
      {
        name: "test.custom",
        input: named,
        actor: "public",
        rateLimit: { ...rule, name: unique("test.ip"), limit: 1 },
        tooMany: () => "Slow down.",
      },
      handler,
    );
    expect(await custom({ name: "a" })).toEqual({ ok: true });
    expect(await custom({ name: "a" })).toEqual({ ok: false, message: "Slow down." });
  });

  it("counts a payer by the session of the input, from any address", async () => {
    await awayFromWindowEdge(60_000, 10_000);
    const s = await newSession(await newMerchant());
    const seen: unknown[] = [];
    const rule = { name: unique("test.session"), limit: 2, windowMs: 60_000, by: "session" } as const;
    const act = action(
      { name: "test.payer", input: z.object({ sessionId: z.string() }), actor: "payer", rateLimit: rule },
      async ({ actor }) => {
        seen.push(actor);
        return { ok: true as const };
      },
    );
    expect(await act({ sessionId: s.id })).toEqual({ ok: true });
    ip = randomIp();
    expect(await act({ sessionId: s.id })).toEqual({ ok: true });
    ip = randomIp();
    expect(await act({ sessionId: s.id })).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many attempts/) });
    expect(seen).toEqual([
      { kind: "payer", sessionId: s.id },
      { kind: "payer", sessionId: s.id },
    ]);
  });
});

describe("action(): failures become results", () => {
  it("an AppError answers its message and fields, and the extras of alsoOnFailure", async () => {
    const act = action(
      { name: "test.conflict", input: named, actor: "public", alsoOnFailure: async () => ({ view: "fresh" }) },
      async (): Promise<{ ok: true }> => {
        throw new AppError("CONFLICT", "That cannot be done now", { fields: { name: "taken" } });
      },
    );
    expect(await act({ name: "a" })).toEqual({ ok: false, message: "That cannot be done now", fields: { name: "taken" }, view: "fresh" });

    // extras that fail themselves are left out; the answer stays the first failure's
    const failingExtras = action(
      {
        name: "test.conflict2",
        input: named,
        actor: "public",
        alsoOnFailure: async (): Promise<{ view: string }> => {
          throw outage();
        },
      },
      async (): Promise<{ ok: true }> => {
        throw new AppError("NOT_FOUND", "Session not found");
      },
    );
    expect(await failingExtras({ name: "a" })).toEqual({ ok: false, message: "Session not found" });
  });

  it("an unknown error answers a generic message and is logged with its class and code, never the query's parameters", async () => {
    const act = action({ name: "test.broken", input: named, actor: "public" }, async ({ db }) => {
      await db.execute(sql`select ${SECRET}::int as n`);
      return { ok: true as const };
    });
    captured = captureStderr();
    const r = await act({ name: "a" });
    vi.restoreAllMocks();
    expect(r).toEqual({ ok: false, message: GENERIC_FAILURE });
    const lines = captured.filter((l) => l.includes('"action failed"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", action: "test.broken", code: "22P02", errorClass: expect.any(String) });
    expect(captured.join("")).not.toContain(SECRET);
  });

  it("a database outage answers 'briefly unavailable, try again'", async () => {
    const act = action({ name: "test.outage", input: named, actor: "public" }, async (): Promise<{ ok: true }> => {
      throw outage();
    });
    captured = captureStderr();
    const r = await act({ name: "a" });
    vi.restoreAllMocks();
    expect(r).toEqual({ ok: false, message: UNAVAILABLE_FAILURE });
    expect(UNAVAILABLE_FAILURE).toMatch(/briefly unavailable; try again/);
    expect(captured.join("")).not.toContain(SECRET);
  });
});

describe("action(): the merchant actor", () => {
  it("is the dashboard's signed-in merchant; without a sign-in the action redirects before anything runs", async () => {
    const handler = vi.fn(async () => ({ ok: true as const }));
    const act = action({ name: "test.merchant", input: named, actor: "merchant" }, handler);
    await expect(act({ name: "a\u0000" })).rejects.toMatchObject({ digest: expect.stringContaining("/dashboard/sign-in") });
    expect(handler).not.toHaveBeenCalled();

    signedIn = "merch_test";
    expect(await act({ name: "a" })).toEqual({ ok: true });
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({ actor: { kind: "merchant", merchantId: "merch_test", keyId: null, face: "dashboard", ip } }),
    );
  });
});

describe("action(): a dashboard change and its audit record commit together", () => {
  // audit_log refuses the records of actions named test.audit-refused…, as a full disk or a lost
  // connection would refuse any
  const REFUSED = "test.audit-refused";
  beforeAll(async () => {
    const db = await testDb();
    await db.execute(sql`create function refuse_test_audit() returns trigger language plpgsql as $$
      begin
        if new.action like 'test.audit-refused%' then raise exception 'audit_log refuses this record'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_test_audit before insert on audit_log for each row execute function refuse_test_audit()`);
  });

  const renameInput = z.strictObject({ id: z.string(), name: z.string() });
  const displayName = async (id: string) =>
    (await (await testDb()).select({ name: merchants.displayName }).from(merchants).where(eq(merchants.id, id)))[0]!.name;
  const records = async (merchantId: string, action: string) =>
    (await testDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, action)));

  /** A handler that renames the merchant in a transaction of its own (a savepoint inside the action's) and hints the background work. */
  const renaming =
    (seen: { hintsInside?: number }, pokes: string[]) =>
    async ({ db, input }: { db: Awaited<ReturnType<typeof testDb>>; input: z.infer<typeof renameInput> }) => {
      await db.transaction(async (tx) => {
        await tx.update(merchants).set({ displayName: input.name }).where(eq(merchants.id, input.id));
      });
      jobs.deliveriesCreated({ ids: [`dlv_${input.name}`], leased: [] });
      seen.hintsInside = pokes.length;
      return { ok: true as const };
    };

  let pokes: string[] = [];
  let before: ReturnType<typeof localDispatcher>;
  beforeEach(() => {
    pokes = [];
    before = localDispatcher();
    registerLocalDispatcher({ poke: () => pokes.push("poke") });
  });
  afterEach(() => registerLocalDispatcher(before));

  it("writes the change and its record; the background work hears of it after the commit", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const seen: { hintsInside?: number } = {};
    const act = action({ name: "test.rename", input: renameInput, actor: "merchant" }, renaming(seen, pokes));
    expect(await act({ id: m.id, name: "Renamed" })).toEqual({ ok: true });
    expect(await displayName(m.id)).toBe("Renamed");
    expect(await records(m.id, "test.rename")).toMatchObject([
      { actorKind: "key", actorLabel: "Dashboard (signed in with the API key)", target: m.id, ip },
    ]);
    expect(seen.hintsInside).toBe(0);
    expect(pokes).toEqual(["poke"]);
  });

  it("a record that cannot be written fails the action and leaves nothing of its change, nor a hint of it", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const name = await displayName(m.id);
    const act = action({ name: REFUSED, input: renameInput, actor: "merchant" }, renaming({}, pokes));
    captured = captureStderr();
    const r = await act({ id: m.id, name: "Unaudited" });
    vi.restoreAllMocks();
    expect(r).toEqual({ ok: false, message: GENERIC_FAILURE });
    expect(await displayName(m.id)).toBe(name);
    expect(pokes).toEqual([]);
    expect(captured.filter((l) => l.includes('"action failed"'))).toHaveLength(1);
  });

  it("a handler that fails after its change leaves nothing of it, and no record", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const name = await displayName(m.id);
    const act = action({ name: "test.rename-refused", input: renameInput, actor: "merchant" }, async (ctx) => {
      await renaming({}, pokes)(ctx);
      throw new AppError("CONFLICT", "Not after all");
    });
    expect(await act({ id: m.id, name: "Half done" })).toEqual({ ok: false, message: "Not after all" });
    expect(await displayName(m.id)).toBe(name);
    expect(await records(m.id, "test.rename-refused")).toEqual([]);
    expect(pokes).toEqual([]);
  });

  it("a redirect from the handler ends the action as Next.js wants: its change stays, with its record", async () => {
    const { redirect } = await import("next/navigation");
    const m = await newMerchant();
    signedIn = m.id;
    const act = action({ name: "test.rename-and-go", input: renameInput, actor: "merchant" }, async (ctx): Promise<{ ok: true }> => {
      await renaming({}, pokes)(ctx);
      return redirect("/dashboard/renamed");
    });
    await expect(act({ id: m.id, name: "Gone on" })).rejects.toMatchObject({ digest: expect.stringContaining("/dashboard/renamed") });
    expect(await displayName(m.id)).toBe("Gone on");
    expect(await records(m.id, "test.rename-and-go")).toHaveLength(1);
  });

  it("transaction: false (a handler that waits on the network) writes the record before it runs; one that cannot be written stops it", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const handler = vi.fn(async () => ({ ok: true as const }));
    const refused = action({ name: `${REFUSED}.send`, input: named, actor: "merchant", transaction: false }, handler);
    captured = captureStderr();
    const r = await refused({ name: "a" });
    vi.restoreAllMocks();
    expect(r).toEqual({ ok: false, message: GENERIC_FAILURE });
    expect(handler).not.toHaveBeenCalled();

    let recordedFirst: unknown[] = [];
    const send = action({ name: "test.send", input: named, actor: "merchant", transaction: false }, async () => {
      recordedFirst = await records(m.id, "test.send");
      return { ok: true as const };
    });
    expect(await send({ name: "a" })).toEqual({ ok: true });
    expect(recordedFirst).toHaveLength(1);
  });
  describe("route(): an API change and its audit record commit together", () => {
    const renameBody = z.strictObject({ name: z.string() });
    /** PATCH the key's merchant's display name through an audited route named `audit`. */
    const patch = (audit: string, m: { apiKey: string }, name: string) =>
      route({ body: renameBody, audit }, async ({ db, actor, body }) => {
        await renaming({}, pokes)({ db, input: { id: actor.merchantId, name: body.name } });
        return { message: "renamed", data: { id: actor.merchantId } };
      })(
        new Request("http://checkout.test/api/x", {
          method: "PATCH",
          headers: { "x-api-key": m.apiKey, "content-type": "application/json", "x-forwarded-for": randomIp() },
          body: JSON.stringify({ name }),
        }),
        { params: Promise.resolve({}) },
      );

    it("writes both, and the background work hears of the change after the commit", async () => {
      const m = await newMerchant();
      const res = await patch("test.api-rename", m, "Renamed by key");
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await displayName(m.id)).toBe("Renamed by key");
      expect(await records(m.id, "test.api-rename")).toMatchObject([{ actorKind: "key", target: m.id }]);
      expect(pokes).toEqual(["poke"]);
    });

    it("a record that cannot be written answers 500 and leaves nothing of the change, nor a hint of it", async () => {
      const m = await newMerchant();
      const name = await displayName(m.id);
      captured = captureStderr();
      const res = await patch(`${REFUSED}.api`, m, "Unaudited by key");
      vi.restoreAllMocks();
      expect(res.status).toBe(500);
      expect(await displayName(m.id)).toBe(name);
      expect(pokes).toEqual([]);
    });
  });
});

describe("route({ auth: 'payer', answer: 'plain' })", () => {
  const plain = (fail: () => never) =>
    route(
      { auth: "payer", session: ({ query }) => query.session ?? "", answer: "plain", headers: { "x-robots-tag": "noindex" } },
      async ({ actor }) => {
        if (actor.sessionId === "sess_fail") fail();
        return { message: "ok", data: { sessionId: actor.sessionId } };
      },
    );
  const get = (handler: ReturnType<typeof plain>, session: string) =>
    handler(new Request(`http://checkout.test/checkout/status?session=${session}`, { headers: { "x-request-id": "req-plain-1" } }), {
      params: Promise.resolve({}),
    });

  it("answers the data itself, and { error } with the API's statuses for every failure", async () => {
    const ok = await get(
      plain(() => {
        throw new Error("unused");
      }),
      "sess_abc",
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ sessionId: "sess_abc" });
    expect(ok.headers.get("x-robots-tag")).toBe("noindex");

    const refused = await get(
      plain(() => {
        throw new AppError("CONFLICT", "Not now");
      }),
      "sess_fail",
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "Not now" });
    expect(refused.headers.get("x-robots-tag")).toBe("noindex");

    captured = captureStderr();
    const down = await get(
      plain(() => {
        throw outage();
      }),
      "sess_fail",
    );
    const broken = await get(
      plain(() => {
        throw new Error(`driver said ${SECRET}`);
      }),
      "sess_fail",
    );
    vi.restoreAllMocks();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("2");
    expect(await down.json()).toEqual({ error: "The service is briefly unavailable; retry shortly (request req-plain-1)" });
    expect(broken.status).toBe(500);
    const brokenText = await broken.text();
    expect(JSON.parse(brokenText)).toEqual({ error: "Internal server error (request req-plain-1)" });
    expect(brokenText + captured.join("")).not.toContain(SECRET);
  });

  it("refuses NUL in the session it is given with a 400, as the API does", async () => {
    const res = await get(
      plain(() => {
        throw new Error("unused");
      }),
      "sess_%00",
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/must not contain NUL characters/);
  });
});
