import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import crypto from "node:crypto";
import { auditLog, memberships, merchants, users, webhooks } from "@/db/schema";
import { GENERIC_FAILURE } from "@/lib/http/action";
import { call, newMerchant, newWebhook, randomIp, startedSession, type TestMerchant, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { captureStderr } from "../support/stderr";

// The dashboard's server actions take whatever a caller sends them, as the API does: text that
// PostgreSQL cannot store (NUL, unpaired surrogates) and inputs of the wrong shape get a message,
// never an unhandled error, and change nothing.

let signedIn: TestMerchant;
let person: { id: string; email: string };
vi.mock("@/lib/auth/session", () => ({
  requireMerchant: async () => ({ merchantId: signedIn.id }),
  requirePerson: async () => person,
  ACCOUNT_COOKIE: "dashboard-account",
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": randomIp() }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));

const profile = await import("@/actions/dashboard/profile");
const accounts = await import("@/actions/dashboard/account");
const hooks = await import("@/actions/dashboard/webhook");

const BAD_TEXT = /: must not contain NUL characters or unpaired surrogates$/;
const NUL = "\u0000";
const LONE = "\ud800";

beforeEach(async () => {
  signedIn = await newMerchant();
  const id = `usr_${crypto.randomUUID().replaceAll("-", "")}`;
  person = { id, email: `${id}@example.com` };
  await (await testDb()).insert(users).values({ id, email: person.email, passwordHash: "unused", emailVerifiedAt: new Date() });
});

async function webhookRow(id: string) {
  return (await (await testDb()).select().from(webhooks).where(eq(webhooks.id, id)))[0]!;
}

describe("account actions", () => {
  it("a new merchant account refuses NUL and unpaired surrogates, and creates nothing", async () => {
    const name = uniqueName();
    for (const input of [{ name, displayName: `Shop${NUL}` }, { name, displayName: `Shop${LONE}` }, { name: `${name}${NUL}` }]) {
      const r = await accounts.createMerchantAccountAction(input);
      expect(r).toMatchObject({ ok: false, message: expect.stringMatching(BAD_TEXT) });
    }
    expect(await (await testDb()).select().from(merchants).where(eq(merchants.name, name))).toEqual([]);
    // then the same with clean text goes through, owned by the person
    const made = await accounts.createMerchantAccountAction({ name, displayName: "Shop" });
    expect(made, JSON.stringify(made)).toMatchObject({ ok: true, name });
    const [m] = await (await testDb()).select().from(merchants).where(eq(merchants.name, name));
    expect(m!.claimedAt).not.toBeNull();
    expect(await (await testDb()).select().from(memberships).where(eq(memberships.merchantId, m!.id))).toMatchObject([
      { userId: person.id, role: "owner" },
    ]);
  });

  it("sign-up, a new account and profile answer a message for inputs of the wrong shape", async () => {
    for (const input of [null, undefined, "name", 42, ["a"]]) {
      expect(await accounts.createMerchantAccountAction(input as never)).toMatchObject({
        ok: false,
        message: "Check the highlighted fields.",
      });
      expect(await accounts.signUpAction(input as never)).toMatchObject({ ok: false, message: "Check the highlighted fields." });
    }
    for (const input of [null, undefined, "Shop", ["Shop"]]) {
      expect(await profile.updateProfile(input as never)).toEqual({ ok: false, message: "Enter a display name and a logo URL." });
    }
    expect(await profile.updateProfile({ displayName: "Shop", logoUrl: 5 } as never)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^logoUrl: /),
    });
    // a missing logo field leaves the logo alone
    expect(await profile.updateProfile({ displayName: "Renamed" } as never)).toEqual({ ok: true });
    expect((await call("GET", "/api/merchants/me", { key: signedIn.apiKey })).body.responseObject.displayName).toBe("Renamed");
  });

  it("profile updates refuse NUL and unpaired surrogates, and change nothing", async () => {
    for (const input of [
      { displayName: `Shop${NUL}`, logoUrl: "" },
      { displayName: `Shop${LONE}`, logoUrl: "" },
      { displayName: "Shop", logoUrl: `https://cdn.example.com/${NUL}.png` },
    ]) {
      expect(await profile.updateProfile(input)).toMatchObject({ ok: false, message: expect.stringMatching(BAD_TEXT) });
    }
    const me = (await call("GET", "/api/merchants/me", { key: signedIn.apiKey })).body.responseObject;
    expect(me.displayName).toBe("Test Shop");
  });
});

describe("a dashboard change and its audit record", () => {
  /** audit_log refuses the records of one merchant account while `fn` runs, as a full disk would refuse any. */
  async function auditRefusedFor<T>(merchantId: string, fn: () => Promise<T>): Promise<T> {
    const db = await testDb();
    await db.execute(
      sql.raw(`create function refuse_audit_of_test() returns trigger language plpgsql as $$
        begin
          if new.merchant_id = '${merchantId}' then raise exception 'audit_log refuses this record'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger refuse_audit_of_test before insert on audit_log for each row execute function refuse_audit_of_test()`,
    );
    try {
      return await fn();
    } finally {
      await db.execute(sql`drop trigger refuse_audit_of_test on audit_log`);
      await db.execute(sql`drop function refuse_audit_of_test()`);
    }
  }
  const recordsOf = async (action: string) =>
    (await testDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, signedIn.id), eq(auditLog.action, action)));
  const me = async () => (await call("GET", "/api/merchants/me", { key: signedIn.apiKey })).body.responseObject;

  it("commit together: a record that cannot be written fails the action and changes nothing", async () => {
    const captured = captureStderr();
    const [renamed, hook] = await auditRefusedFor(signedIn.id, async () => [
      await profile.updateProfile({ displayName: "Unaudited", logoUrl: "" }),
      await hooks.createWebhookAction({ url: "https://hooks.example.com/unaudited", events: ["order.created"] }),
    ]);
    vi.restoreAllMocks();
    expect(renamed).toEqual({ ok: false, message: GENERIC_FAILURE });
    expect(hook).toEqual({ ok: false, message: GENERIC_FAILURE });
    expect(captured.filter((l) => l.includes('"action failed"'))).toHaveLength(2);
    expect((await me()).displayName).toBe("Test Shop");
    expect((await call("GET", "/api/webhooks", { key: signedIn.apiKey })).body.responseObject.webhooks).toEqual([]);

    // and, with the trail writable, both are there
    expect(await profile.updateProfile({ displayName: "Audited", logoUrl: "" })).toEqual({ ok: true });
    const made = await hooks.createWebhookAction({ url: "https://hooks.example.com/audited", events: ["order.created"] });
    expect(made).toMatchObject({ ok: true, data: { id: expect.any(String) } });
    expect((await me()).displayName).toBe("Audited");
    expect(await recordsOf("dashboard.profile")).toHaveLength(1);
    expect(await recordsOf("dashboard.webhook.create")).toMatchObject([{ target: null }]);
  });
});

describe("webhook actions", () => {
  it("refuse NUL and unpaired surrogates in every field and id, and change nothing", async () => {
    const hook = await newWebhook(signedIn, { events: ["order.created"] });
    const { session } = await startedSession(signedIn);
    expect(session.id).toMatch(/^sess_/);
    const before = await webhookRow(hook.id);

    const attempts = [
      () => hooks.createWebhookAction({ url: `https://hooks.example.com/${LONE}`, events: [] }),
      () => hooks.createWebhookAction({ url: "https://hooks.example.com/x", events: [`order.created${NUL}`] }),
      () => hooks.updateWebhookAction(hook.id, { url: `https://hooks.example.com/${LONE}` }),
      () => hooks.updateWebhookAction(`${hook.id}${NUL}`, { active: false }),
      () => hooks.deleteWebhookAction(`${hook.id}${NUL}`),
      () => hooks.deleteWebhookAction(`wh_${LONE}`),
      () => hooks.testWebhookAction(`${hook.id}${NUL}`),
      () => hooks.rotateSecretAction(`${hook.id}${LONE}`),
      () => hooks.resendDeliveryAction(hook.id, `dlv_${NUL}`),
      () => hooks.resendDeliveryAction(`${hook.id}${LONE}`, "dlv_x"),
    ];
    for (const attempt of attempts) {
      expect(await attempt()).toMatchObject({ ok: false, message: expect.stringMatching(BAD_TEXT) });
    }
    expect(await webhookRow(hook.id)).toEqual(before);
    expect((await call("GET", "/api/webhooks", { key: signedIn.apiKey })).body.responseObject.webhooks).toHaveLength(1);
  });
});
