import crypto from "node:crypto";
import { getAddress } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cancelCheckout, chooseAndStart, saveChoice } from "@/actions/checkout";
import { eq } from "drizzle-orm";
import { merchants, proofAttempts, users } from "@/db/schema";
import { claimMerchant } from "@/lib/accounts/teams";
import { getCheckoutView } from "@/lib/checkout/service";
import { listAudit } from "@/lib/audit";
import { call, newMerchant, newSession, randomIp, sessionBody, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { mailboxForThisFile } from "../support/test-mailbox";
import { runAdmin, runAdminHere as admin } from "../support/admin-cli";

// The operator's commands, checked through the real route handlers on this file's PostgreSQL
// database. A few run as the operator runs them, `node --import tsx scripts/admin.ts …` in a process
// of its own (its exit codes, its key cache apart from the API's, its own mail); the rest run the same
// commands in this process (a process start is seconds on a busy machine, and adds nothing to them).

// the payer's actions read the client's address from the request (for their rate limits)
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

// the API's key cache (per process, documented as "within 10 s") has forgotten a key after this
const KEY_CACHE_PASSED = 10_001;

/** The command as the operator runs it, a process of its own on this file's database. */
const adminProcess = (...args: string[]) => runAdmin({ ...process.env, LOG_LEVEL: "" }, ...args);

const me = (key: string) => call("GET", "/api/merchants/me", { key });

// the owners' mail about a change of their payout addresses, sent by the command's own process
const mail = mailboxForThisFile();

/** What a process that used a key moments ago answers once its key cache has let go. */
async function afterKeyCache<T>(fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + KEY_CACHE_PASSED });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("npm run admin -- rotate-key", () => {
  it("prints a new key once; the new key works and the old one gets 401", async () => {
    const m = await newMerchant();
    expect((await me(m.apiKey)).status).toBe(200);

    const run = await adminProcess("rotate-key", m.name);
    expect(run.code, run.stderr).toBe(0);
    const printed = run.stdout.match(/ck_[A-Za-z0-9_-]{43}/g) ?? [];
    expect(printed).toHaveLength(1);
    const newKey = printed[0]!;
    expect(newKey).not.toBe(m.apiKey);
    expect(run.stdout).toContain(`Revoked: ${m.apiKey.slice(0, 9)}…`);

    const fresh = await me(newKey);
    expect(fresh.status).toBe(200);
    expect(fresh.body.responseObject.id).toBe(m.id);
    const old = await afterKeyCache(() => me(m.apiKey));
    expect(old.status).toBe(401);
    expect(old.body.error?.code).toBe("UNAUTHENTICATED");
  });

  it("takes the merchant id too, and --json prints the key for scripts", async () => {
    const m = await newMerchant();
    const run = await admin("rotate-key", m.id, "--json");
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ merchantId: m.id, name: m.name, revokedKeyPrefixes: [m.apiKey.slice(0, 9)] });
    expect((await me(out.apiKey)).status).toBe(200);
    expect((await me(m.apiKey)).status).toBe(401);
  });

  it("leaves exactly one live key when run twice", async () => {
    const m = await newMerchant();
    const first = JSON.parse((await admin("rotate-key", m.id, "--json")).stdout);
    const second = JSON.parse((await admin("rotate-key", m.id, "--json")).stdout);
    expect((await me(second.apiKey)).status).toBe(200);
    expect((await afterKeyCache(() => me(first.apiKey))).status).toBe(401);
    const listed = JSON.parse((await admin("list", "--json")).stdout).find((r: { id: string }) => r.id === m.id);
    expect(listed.liveKeyPrefixes).toEqual([second.apiKey.slice(0, 9)]);
  });
});

describe("npm run admin -- disable / enable", () => {
  it("disable: every API route answers 403 with a clear message; enable restores the key", async () => {
    const m = await newMerchant();
    const session = await newSession(m);
    const run = await adminProcess("disable", m.name);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("is now disabled");

    const requests = await afterKeyCache(() =>
      Promise.all([
        me(m.apiKey),
        call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey }),
        call("GET", "/api/checkout/sessions", { key: m.apiKey }),
        call("POST", "/api/webhooks", { key: m.apiKey, body: { url: "https://hooks.example.com/x" } }),
        call("GET", "/api/events", { key: m.apiKey }),
      ]),
    );
    for (const res of requests) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, statusCode: 403, error: { code: "FORBIDDEN" } });
      expect(res.body.message).toBe("This merchant account is disabled; contact the operator");
    }
    expect((await admin("disable", m.id)).stdout).toContain("was already disabled");

    const enabled = await admin("enable", m.id);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toContain("is now enabled");
    expect((await me(m.apiKey)).status).toBe(200);
    expect((await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).status).toBe(200);
  });

  it("disable closes the merchant's checkouts: the page shows them unavailable and the payer's actions refuse", async () => {
    const m = await newMerchant();
    const session = await newSession(m);
    expect((await getCheckoutView(await testDb(), session.id)).merchant.disabled).toBe(false);
    expect((await admin("disable", m.id)).code).toBe(0);

    const view = await getCheckoutView(await testDb(), session.id);
    expect(view.merchant.disabled).toBe(true);
    expect(view.options).toEqual([]);
    for (const refused of [
      await chooseAndStart(session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }),
      await saveChoice(session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }),
      await cancelCheckout(session.id),
    ]) {
      expect(refused).toMatchObject({ ok: false, message: "This checkout is unavailable: the shop cannot take payments right now." });
    }
    // nothing changed: the session still awaits its payer, with no choice saved
    expect((await getCheckoutView(await testDb(), session.id)).session).toMatchObject({ status: "CREATED", selectedPaymentPlatform: null });

    expect((await admin("enable", m.id)).code).toBe(0);
    expect(await chooseAndStart(session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" })).toMatchObject({ ok: true });
  });
});

describe("npm run admin -- reset-proofs", () => {
  it("sets a capped order's proof attempts aside: the payer's next proof is taken, and the history keeps them", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    const started = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
      key: m.apiKey,
      body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    });
    const { intentHash, order } = started.body.responseObject;
    const fulfil = (outcome: string) =>
      call("POST", "/api/orders/fulfill", { key: m.apiKey, body: { intentHash, proof: { sandbox: true, outcome } } });
    for (let i = 0; i < 5; i++) expect((await fulfil("invalid")).body.error?.code).toBe("PROOF_INVALID");
    expect((await fulfil("success")).status).toBe(409);

    const run = await admin("reset-proofs", order.id);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${order.id} (SIGNAL_MINED): 5 proof attempts set aside; its payer may send up to 5 more.\n`);
    const ok = await fulfil("success");
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.responseObject.order.status).toBe("FULFILLED");
    const db = await testDb();
    expect((await db.select().from(proofAttempts).where(eq(proofAttempts.orderId, order.id))).length).toBe(6);
    const trail = await listAudit(db, m.id, { action: "order.proof-attempts-reset" });
    expect(trail.map((r) => r.details)).toEqual([{ orderId: order.id, reset: 5 }]);

    // a fulfilled order takes no more proofs: refused, nothing changed
    const again = await admin("reset-proofs", order.id);
    expect(again).toMatchObject({ code: 1, stdout: "" });
    expect(again.stderr).toContain("already fulfilled");
    expect((await admin("reset-proofs", "ord_nope")).stderr).toBe("Order not found\n");
  });
});

describe("npm run admin -- list", () => {
  it("lists merchants with display name, state, live key prefixes and session counts, as a table and as JSON", async () => {
    const busy = await newMerchant({ displayName: "Busy Shop" });
    const quiet = await newMerchant();
    await newSession(busy);
    await newSession(busy);
    expect((await admin("disable", quiet.id)).code).toBe(0);

    const json = await admin("list", "--json");
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout) as { id: string }[];
    expect(rows.find((r) => r.id === busy.id)).toEqual({
      id: busy.id,
      name: busy.name,
      displayName: "Busy Shop",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      disabledAt: null,
      liveKeyPrefixes: [busy.apiKey.slice(0, 9)],
      sessionCount: 2,
    });
    expect(rows.find((r) => r.id === quiet.id)).toMatchObject({ disabledAt: expect.stringMatching(/^\d{4}-/), sessionCount: 0 });

    const table = await admin("list");
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+NAME\s+DISPLAY NAME\s+CREATED\s+DISABLED\s+LIVE KEYS\s+SESSIONS$/);
    const busyLine = lines.find((l) => l.startsWith(busy.id))!;
    expect(busyLine).toContain("Busy Shop");
    expect(busyLine).toContain(`${busy.apiKey.slice(0, 9)}…`);
    expect(busyLine).toMatch(/\s2$/);
    expect(busyLine).not.toContain(busy.apiKey);
    expect(lines.find((l) => l.startsWith(quiet.id))).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+ck_/);
  });
});

describe("npm run admin: bad input", () => {
  it.each([
    [[], "Missing command"],
    [["frobnicate"], "Unknown command: frobnicate"],
    [["rotate-key"], "rotate-key takes exactly one merchant id or name"],
    [["disable", "a", "b"], "disable takes exactly one merchant id or name"],
    [["list", "extra"], "list takes no arguments"],
    [["list", "--yes"], "Unknown option: --yes"],
  ])("%j: exit 2 with a message and the usage", async (args, message) => {
    // the first as the operator's process exits, the rest in this one
    const run = await (args.length === 0 ? adminProcess : admin)(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("Usage: npm run admin");
    expect(run.stdout).toBe("");
  });

  it.each([["rotate-key"], ["disable"], ["enable"]])("%s of an unknown merchant: exit 1 with a message", async (command) => {
    const name = uniqueName("ghost");
    const run = await admin(command, name);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`No merchant with id or name "${name}"`);
    expect(run.stdout).toBe("");
  });
});

describe("npm run admin -- list", () => {
  it("prints a stored display name's controls and bidirectional overrides as escapes, never raw", async () => {
    const m = await newMerchant();
    const db = await testDb();
    // written straight to the database, as a row from before display names were checked would be
    const hostile = "Evil\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\u202Emoc.acme\x9b31m";
    await db.update(merchants).set({ displayName: hostile }).where(eq(merchants.id, m.id));
    const run = await admin("list");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    const line = run.stdout.split("\n").find((l) => l.startsWith(m.id));
    expect(line).toContain("Evil\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J\\u202emoc.acme\\x9b31m");
  });
});

describe("npm run admin -- keys, create-key, roll-key, revoke-key", () => {
  it("manage named keys: each works on the API at once, a rolled or revoked one stops, and the trail names the operator", async () => {
    const m = await newMerchant();
    const created = await admin("create-key", m.name, "Nightly export", "--expires-days=30", "--json");
    expect(created.code, created.stderr).toBe(0);
    const made = JSON.parse(created.stdout) as { keyId: string; apiKey: string; expiresAt: string };
    expect((await me(made.apiKey)).status).toBe(200);

    const listed = await admin("keys", m.id, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const keys = JSON.parse(listed.stdout) as { id: string; name: string; state: string; createdBy: string | null }[];
    expect(keys.map((k) => [k.name, k.state])).toEqual([
      ["Nightly export", "expiring"],
      ["Default key", "active"],
    ]);
    expect(keys[0]!.createdBy).toBe("Operator");

    const rolled = await admin("roll-key", m.name, made.keyId, "--grace=0s", "--json");
    expect(rolled.code, rolled.stderr).toBe(0);
    const next = JSON.parse(rolled.stdout) as { keyId: string; apiKey: string };
    expect((await me(next.apiKey)).status).toBe(200);
    expect((await afterKeyCache(() => me(made.apiKey))).status).toBe(401);

    const revoked = await admin("revoke-key", m.name, next.keyId);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await afterKeyCache(() => me(next.apiKey))).status).toBe(401);
    expect((await me(m.apiKey)).status).toBe(200);

    const again = await admin("revoke-key", m.name, next.keyId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not found, or already revoked/);
    expect((await admin("roll-key", m.name, made.keyId, "--grace=soon")).code).toBe(2);
    expect((await admin("create-key", m.name, "Export", "--expires-days=0")).code).toBe(2);

    const trail = await listAudit(await testDb(), m.id, {});
    expect(trail.filter((r) => r.actorKind === "operator").map((r) => r.action)).toEqual(["key.revoked", "key.rolled", "key.created"]);
    expect(trail.at(-1)).toMatchObject({ action: "account.created", actorKind: "key" });
  });
});

describe("npm run admin -- payout-addresses, allow-address, remove-address", () => {
  it("the operator allows and removes a claimed account's payout address: the API follows, the owner is mailed, the trail names the operator", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const userId = `usr_${crypto.randomUUID().replaceAll("-", "")}`;
    const owner = { userId, email: `${userId}@example.com` };
    await db.insert(users).values({ id: userId, email: owner.email, passwordHash: "unused", emailVerifiedAt: new Date() });
    await claimMerchant(db, owner, m.apiKey, randomIp());
    const address = getAddress(`0x${crypto.randomBytes(20).toString("hex")}`);
    const session = () => call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { recipientAddress: address }) });
    expect((await session()).status).toBe(400);

    const at = Date.now();
    const allowed = await adminProcess("allow-address", m.name, address, "--label=Cold wallet");
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain(`may now send payments to ${address.toLowerCase()}`);
    expect((await session()).status).toBe(201);
    const listed = await admin("payout-addresses", m.id, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ address: address.toLowerCase(), label: "Cold wallet", addedBy: "Operator", payoutWallet: false }),
    ]);
    const told = await mail.mailTo(owner.email, /A payout address was added to your merchant account/, at);
    expect(told.text).toContain(
      `The operator of this checkout service (from its command line) added ${address.toLowerCase()} ("Cold wallet")`,
    );

    const removed = await admin("remove-address", m.name, address);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await session()).status).toBe(400);
    expect((await admin("allow-address", m.name, "0x123")).code).toBe(2);
    expect((await admin("payout-addresses", m.name)).stdout).toMatch(/^No allowed payout addresses/);

    const trail = await listAudit(db, m.id, {});
    expect(trail.filter((r) => r.actorKind === "operator").map((r) => [r.action, r.target])).toEqual([
      ["payout-address.removed", address.toLowerCase()],
      ["payout-address.added", address.toLowerCase()],
    ]);
  });
});
