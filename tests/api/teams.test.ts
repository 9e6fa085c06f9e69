// Databases: PostgreSQL only: roles and invites are the same statements on both; e2e/people.spec.ts runs them on the embedded database.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { invites, memberships, merchants, users } from "@/db/schema";
import { listAudit } from "@/lib/audit";
import { createKey, listKeys, revokeKey, rollKey } from "@/lib/accounts/keys";
import {
  acceptInvite,
  changeRole,
  claimMerchant,
  inviteByToken,
  inviteMember,
  listMembers,
  removeMember,
  revokeInvite,
  roleIn,
  setRequireSecondFactor,
} from "@/lib/accounts/teams";
import { dashboardMerchant, type MerchantActor, OPERATOR } from "@/lib/core/actor";
import { signInWithApiKey } from "@/lib/auth/dashboard-session";
import { call, newMerchant, randomIp, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person, type Role, type Who } from "../support/people";
import { mailboxForThisFile } from "../support/test-mailbox";

// Teams and API keys through lib/accounts, with the actors the dashboard builds for a signed-in
// person (lib/actor dashboardMerchant): the role checks here are the server's, whatever a page
// shows. Invite links come from the mail the invited person receives; keys are tried on the real API.

const mail = mailboxForThisFile();

// the API's key cache (lib/merchants/service.ts, documented as "within 10 s") has let go of a key after this
const KEY_CACHE_PASSED = 10_001;
const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** A merchant account made through the API and claimed by a person, its owner. */
async function team(): Promise<{ m: TestMerchant; owner: Who; asOwner: MerchantActor }> {
  const m = await newMerchant();
  const owner = await person();
  await claimMerchant(await testDb(), owner, m.apiKey, randomIp());
  return { m, owner, asOwner: actorOf(m.id, owner, "owner") };
}

/** Invites `who` as `role`, and returns the link's token from the mail they receive. */
async function invite(asOwner: MerchantActor, who: Who, role: Role): Promise<{ id: string; token: string }> {
  const after = Date.now();
  const { id } = await inviteMember(await testDb(), asOwner, { email: who.email, role });
  const { token } = await mail.linkTo(who.email, /invited to a merchant account/, "/dashboard/invite", after);
  return { id, token };
}

/** A member with `role`, joined through an invite. */
async function member(asOwner: MerchantActor, role: Role): Promise<{ who: Who; actor: MerchantActor }> {
  const who = await person();
  const { token } = await invite(asOwner, who, role);
  await acceptInvite(await testDb(), token, who, randomIp());
  return { who, actor: actorOf(asOwner.merchantId, who, role) };
}

const me = (key: string) => call("GET", "/api/merchants/me", { key });

/** What the API answers once its key cache has let go of keys it saw just now. */
async function afterKeyCache<T>(fn: () => Promise<T>, laterMs = KEY_CACHE_PASSED): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + laterMs });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe("invites", () => {
  it("an address may be invited three times a day, across accounts; a person may send twenty invites a day", async () => {
    const db = await testDb();
    const target = await person();
    const teams = [await team(), await team(), await team(), await team()];
    for (const t of teams.slice(0, 3)) await inviteMember(db, t.asOwner, { email: target.email, role: "viewer" });
    const fourth = teams[3]!;
    await expect(inviteMember(db, fourth.asOwner, { email: target.email, role: "viewer" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("This address has been invited as many times as a day allows"),
    });
    const pending = await db.select().from(invites).where(eq(invites.email, target.email));
    expect(pending.map((i) => i.merchantId).sort()).toEqual(
      teams
        .slice(0, 3)
        .map((t) => t.m.id)
        .sort(),
    );

    const { asOwner } = await team();
    for (let i = 0; i < 20; i++) await inviteMember(db, asOwner, { email: (await person()).email, role: "viewer" });
    await expect(inviteMember(db, asOwner, { email: (await person()).email, role: "viewer" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("You have sent as many invites as a day allows"),
    });
  });

  it("the invited person accepts by the mailed link, once, with the invited role", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await team();
    const invitee = await person();
    const { token } = await invite(asOwner, invitee, "developer");
    const received = await mail.mailTo(invitee.email, /invited to a merchant account/);
    // no name of the inviter's choosing in the subject; the body says who and where
    expect(received.subject).toBe("You are invited to a merchant account");
    expect(received.text).toContain(`${owner.email} invited you to join the merchant account "Test Shop"`);
    expect(await inviteByToken(db, token)).toEqual({
      state: "open",
      email: invitee.email,
      role: "developer",
      account: "Test Shop",
      invitedBy: owner.email,
    });

    await expect(acceptInvite(db, token, invitee, randomIp())).resolves.toMatchObject({ merchantId: m.id });
    expect(await roleIn(db, invitee.userId, m.id)).toBe("developer");
    expect((await listMembers(db, m.id)).map((x) => [x.email, x.role])).toEqual([
      [owner.email, "owner"],
      [invitee.email, "developer"],
    ]);
    // the same link again: refused, for them and for anyone
    await expect(acceptInvite(db, token, invitee, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const someoneElse = await person();
    await expect(acceptInvite(db, token, someoneElse, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await inviteByToken(db, token)).toEqual({ state: "gone" });
    expect(await roleIn(db, someoneElse.userId, m.id)).toBeNull();
  });

  it("a person whose address is not confirmed cannot accept, and the link stays open for when it is", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const invitee = await person();
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, invitee.userId));
    const { token } = await invite(asOwner, invitee, "viewer");
    await expect(acceptInvite(db, token, invitee, randomIp())).rejects.toMatchObject({ code: "FORBIDDEN", message: /Confirm your email/ });
    expect(await roleIn(db, invitee.userId, m.id)).toBeNull();
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, invitee.userId));
    await expect(acceptInvite(db, token, invitee, randomIp())).resolves.toMatchObject({ merchantId: m.id });
  });

  it("an expired, a revoked or a replaced invite is refused", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();

    const late = await person();
    const expired = await invite(asOwner, late, "viewer");
    await db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invites.id, expired.id));
    await expect(acceptInvite(db, expired.token, late, randomIp())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: expect.stringMatching(/expired, was revoked or was already used/),
    });
    expect(await inviteByToken(db, expired.token)).toEqual({ state: "gone" });
    expect(await roleIn(db, late.userId, m.id)).toBeNull();

    const withdrawn = await person();
    const revoked = await invite(asOwner, withdrawn, "developer");
    await revokeInvite(db, asOwner, revoked.id);
    await expect(acceptInvite(db, revoked.token, withdrawn, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await roleIn(db, withdrawn.userId, m.id)).toBeNull();
    await expect(revokeInvite(db, asOwner, revoked.id)).rejects.toMatchObject({ code: "NOT_FOUND" });

    // a new invite to the same address replaces the pending one: only the newest link works
    const twice = await person();
    const older = await invite(asOwner, twice, "owner");
    const newer = await invite(asOwner, twice, "viewer");
    await expect(acceptInvite(db, older.token, twice, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await acceptInvite(db, newer.token, twice, randomIp());
    expect(await roleIn(db, twice.userId, m.id)).toBe("viewer");
  });

  it("is refused to a person with another address, and stays open for the invited one", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const invitee = await person();
    const forwardedTo = await person();
    const { token } = await invite(asOwner, invitee, "owner");
    await expect(acceptInvite(db, token, forwardedTo, randomIp())).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await roleIn(db, forwardedTo.userId, m.id)).toBeNull();
    // the address in any case is the same address
    await acceptInvite(db, token, { ...invitee, email: invitee.email.toUpperCase() }, randomIp());
    expect(await roleIn(db, invitee.userId, m.id)).toBe("owner");
  });
});

describe("roles, checked by the server", () => {
  it("a viewer or a developer cannot invite, change roles, revoke keys or set the sign-in rules; nothing changes", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await team();
    const viewer = await member(asOwner, "viewer");
    const developer = await member(asOwner, "developer");
    const { id: keyId, apiKey } = await createKey(db, { actor: asOwner, merchantId: m.id }, { name: "Server" });
    const outsider = await person();

    for (const { actor } of [viewer, developer]) {
      const attempts: Array<() => Promise<unknown>> = [
        () => inviteMember(db, actor, { email: outsider.email, role: "owner" }),
        () => changeRole(db, actor, actor.person!.userId, "owner"),
        () => changeRole(db, actor, owner.userId, "viewer"),
        () => revokeKey(db, { actor, merchantId: m.id }, keyId),
        () => setRequireSecondFactor(db, actor, true),
        () => removeMember(db, actor, owner.userId),
      ];
      for (const attempt of attempts) await expect(attempt(), actor.person!.role).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    // keys: a viewer neither creates nor rolls one
    await expect(createKey(db, { actor: viewer.actor, merchantId: m.id }, { name: "Mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rollKey(db, { actor: viewer.actor, merchantId: m.id }, keyId, 0)).rejects.toMatchObject({ code: "FORBIDDEN" });

    expect(await roleIn(db, viewer.who.userId, m.id)).toBe("viewer");
    expect(await roleIn(db, developer.who.userId, m.id)).toBe("developer");
    expect(await roleIn(db, owner.userId, m.id)).toBe("owner");
    expect(mail.allTo(outsider.email)).toEqual([]);
    const [row] = await db.select({ required: merchants.requireSecondFactor }).from(merchants).where(eq(merchants.id, m.id));
    expect(row!.required).toBe(false);
    expect((await listKeys(db, m.id)).map((k) => k.name)).toEqual(["Server", "Default key"]);
    expect((await listKeys(db, m.id)).every((k) => k.state === "active")).toBe(true);
    expect((await afterKeyCache(() => me(apiKey))).status).toBe(200);

    // the owner can
    await setRequireSecondFactor(db, asOwner, true);
    const [after] = await db.select({ required: merchants.requireSecondFactor }).from(merchants).where(eq(merchants.id, m.id));
    expect(after!.required).toBe(true);
  });

  it("keys of another merchant account are out of reach, whatever the role", async () => {
    const db = await testDb();
    const ours = await team();
    const theirs = await team();
    const { id: theirKey, apiKey } = await createKey(db, { actor: theirs.asOwner, merchantId: theirs.m.id }, { name: "Theirs" });
    await expect(revokeKey(db, { actor: ours.asOwner, merchantId: ours.m.id }, theirKey)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(rollKey(db, { actor: ours.asOwner, merchantId: ours.m.id }, theirKey, 0)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(revokeKey(db, { actor: ours.asOwner, merchantId: theirs.m.id }, theirKey)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(createKey(db, { actor: ours.asOwner, merchantId: theirs.m.id }, { name: "Planted" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await listKeys(db, theirs.m.id)).map((k) => [k.name, k.state])).toEqual([
      ["Theirs", "active"],
      ["Default key", "active"],
    ]);
    expect((await me(apiKey)).body.responseObject.id).toBe(theirs.m.id);
  });

  it("the last owner can be neither demoted nor removed, nor leave; with a second owner they can", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await team();
    const developer = await member(asOwner, "developer");

    await expect(changeRole(db, asOwner, owner.userId, "developer")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(removeMember(db, asOwner, owner.userId)).rejects.toMatchObject({ code: "CONFLICT" });
    // removed by someone else with an owner's rights (an unclaimed account's key sign-in counts as one)
    await expect(removeMember(db, { ...dashboardMerchant(m.id), ip: randomIp() }, owner.userId)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await roleIn(db, owner.userId, m.id)).toBe("owner");

    await changeRole(db, asOwner, developer.who.userId, "owner");
    const secondOwner = actorOf(m.id, developer.who, "owner");
    await changeRole(db, asOwner, owner.userId, "developer");
    expect(await roleIn(db, owner.userId, m.id)).toBe("developer");
    // now the second owner is the last one
    await expect(removeMember(db, secondOwner, developer.who.userId)).rejects.toMatchObject({ code: "CONFLICT" });
    await changeRole(db, secondOwner, owner.userId, "owner");
    // an owner leaves (removes themselves) while another owner stays
    await removeMember(db, asOwner, owner.userId);
    expect(await roleIn(db, owner.userId, m.id)).toBeNull();
    expect((await listMembers(db, m.id)).map((x) => [x.userId, x.role])).toEqual([[developer.who.userId, "owner"]]);
  });

  it("a removed member has no role at once; a member may leave", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const gone = await member(asOwner, "developer");
    const leaving = await member(asOwner, "viewer");
    expect(await roleIn(db, gone.who.userId, m.id)).toBe("developer");
    await removeMember(db, asOwner, gone.who.userId);
    expect(await roleIn(db, gone.who.userId, m.id)).toBeNull();
    await expect(removeMember(db, asOwner, gone.who.userId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // a viewer may not remove others, but may leave
    await removeMember(db, leaving.actor, leaving.who.userId);
    expect(await roleIn(db, leaving.who.userId, m.id)).toBeNull();
    const left = await db.select().from(memberships).where(eq(memberships.merchantId, m.id));
    expect(left.map((r) => r.role)).toEqual(["owner"]);
  });
});

describe("API keys", () => {
  it("a developer's new key authenticates on the API, named and credited to them", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const developer = await member(asOwner, "developer");
    const made = await createKey(db, { actor: developer.actor, merchantId: m.id }, { name: "CI deploys" });
    expect(made.apiKey.startsWith(made.prefix)).toBe(true);
    const res = await me(made.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.responseObject.id).toBe(m.id);
    const [listed] = await listKeys(db, m.id);
    expect(listed).toMatchObject({ id: made.id, name: "CI deploys", createdBy: developer.who.email, state: "active", expiresAt: null });
    // a key that expires stops at its expiry (the cache does not outlive it)
    const shortLived = await createKey(
      db,
      { actor: developer.actor, merchantId: m.id },
      { name: "Short", expiresAt: new Date(Date.now() + 5_000) },
    );
    expect((await me(shortLived.apiKey)).status).toBe(200);
    expect((await afterKeyCache(() => me(shortLived.apiKey), 5_001)).status).toBe(401);
  });

  it("a roll that stops the old key within the hour is an owner's, as revoking is; a developer may roll with an hour's grace", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const developer = await member(asOwner, "developer");
    const key = await createKey(db, { actor: developer.actor, merchantId: m.id }, { name: "Checkout" });
    for (const graceMs of [0, 1_000, HOUR - 1]) {
      await expect(rollKey(db, { actor: developer.actor, merchantId: m.id }, key.id, graceMs)).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringContaining("less than an hour's grace"),
      });
    }
    // refused, the key works on and nothing was made or recorded
    expect((await afterKeyCache(() => me(key.apiKey))).status).toBe(200);
    expect((await listKeys(db, m.id)).filter((k) => k.name === "Checkout").map((k) => k.state)).toEqual(["active"]);
    expect(await listAudit(db, m.id, { action: "key.rolled" })).toEqual([]);
    const rolled = await rollKey(db, { actor: developer.actor, merchantId: m.id }, key.id, HOUR);
    expect((await afterKeyCache(() => me(key.apiKey))).status).toBe(200);
    // the owner may stop the old one at once
    await rollKey(db, { actor: asOwner, merchantId: m.id }, rolled.id, 0);
    expect((await afterKeyCache(() => me(rolled.apiKey))).status).toBe(401);
  });

  it("rolled with no grace (by an owner), the old key stops and the new one works", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const developer = await member(asOwner, "developer");
    const old = await createKey(db, { actor: developer.actor, merchantId: m.id }, { name: "Web" });
    expect((await me(old.apiKey)).status).toBe(200);
    const rolled = await rollKey(db, { actor: asOwner, merchantId: m.id }, old.id, 0);
    expect(rolled.apiKey).not.toBe(old.apiKey);
    expect((await me(rolled.apiKey)).status).toBe(200);
    const refused = await afterKeyCache(() => me(old.apiKey));
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe("UNAUTHENTICATED");
    expect((await afterKeyCache(() => me(rolled.apiKey))).status).toBe(200);
    const keys = await listKeys(db, m.id);
    expect(keys.find((k) => k.id === rolled.id)).toMatchObject({ name: "Web", state: "active" });
    expect(keys.find((k) => k.id === old.id)).toMatchObject({ name: "Web", state: "expired" });
    // an expired key cannot be rolled again
    await expect(rollKey(db, { actor: developer.actor, merchantId: m.id }, old.id, HOUR)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("rolled with an hour's grace, both keys work until the hour is over", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const old = await createKey(db, { actor: asOwner, merchantId: m.id }, { name: "Shop backend" });
    expect((await me(old.apiKey)).status).toBe(200);
    const rolled = await rollKey(db, { actor: asOwner, merchantId: m.id }, old.id, HOUR);
    expect(Date.parse(rolled.oldExpiresAt) - Date.now()).toBeGreaterThan(HOUR - 60_000);
    expect((await me(old.apiKey)).status).toBe(200);
    expect((await me(rolled.apiKey)).status).toBe(200);
    expect((await afterKeyCache(() => me(old.apiKey))).status).toBe(200);
    expect((await afterKeyCache(() => me(old.apiKey), HOUR + 1_000)).status).toBe(401);
    expect((await afterKeyCache(() => me(rolled.apiKey), HOUR + 1_000)).status).toBe(200);
    await expect(rollKey(db, { actor: asOwner, merchantId: m.id }, old.id, 31 * 24 * HOUR)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("a read-only key reads, keeps its scope when rolled, and can neither claim the account nor sign in to its dashboard", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const developer = await member(asOwner, "developer");
    const made = await createKey(db, { actor: developer.actor, merchantId: m.id }, { name: "Reporting", scope: "read" });
    expect((await me(made.apiKey)).status).toBe(200);
    const create = await call("POST", "/api/v1/orders", { key: made.apiKey, body: { requestedUsdcAmount: "10.00" } });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ errorCode: "FORBIDDEN", message: expect.stringMatching(/^This API key is read-only/) });
    expect((await listKeys(db, m.id)).find((k) => k.id === made.id)).toMatchObject({ scope: "read" });
    expect((await listAudit(db, m.id, { action: "key.created" }))[0]).toMatchObject({ details: { scope: "read" } });
    const rolled = await rollKey(db, { actor: developer.actor, merchantId: m.id }, made.id, HOUR);
    expect((await listKeys(db, m.id)).find((k) => k.id === rolled.id)).toMatchObject({ scope: "read" });
    expect((await call("POST", "/api/webhooks", { key: rolled.apiKey, body: { url: "https://hooks.example.com/x" } })).status).toBe(403);
    // keys made without a scope have full access
    expect((await listKeys(db, m.id)).filter((k) => k.scope === "full").map((k) => k.name)).toEqual(["Default key"]);

    // an account nobody has claimed: its read-only key opens neither its dashboard nor a claim
    const unclaimed = await newMerchant();
    const reader = await createKey(db, { actor: OPERATOR, merchantId: unclaimed.id }, { name: "Reader", scope: "read" });
    expect(await signInWithApiKey(db, reader.apiKey, randomIp())).toBeNull();
    await expect(claimMerchant(db, await person(), reader.apiKey, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await signInWithApiKey(db, unclaimed.apiKey, randomIp())).toMatchObject({ id: unclaimed.id });
  });

  it("revoked by an owner, a key is refused by the API within the key cache's window", async () => {
    const db = await testDb();
    const { m, asOwner } = await team();
    const developer = await member(asOwner, "developer");
    const key = await createKey(db, { actor: developer.actor, merchantId: m.id }, { name: "Leaked" });
    expect((await me(key.apiKey)).status).toBe(200);
    await expect(revokeKey(db, { actor: developer.actor, merchantId: m.id }, key.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await revokeKey(db, { actor: asOwner, merchantId: m.id }, key.id);
    const refused = await afterKeyCache(() => me(key.apiKey));
    expect(refused.status).toBe(401);
    expect((await listKeys(db, m.id)).find((k) => k.id === key.id)).toMatchObject({ state: "revoked" });
    await expect(revokeKey(db, { actor: asOwner, merchantId: m.id }, key.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

/** The database's message for a statement it refused (drizzle wraps it as the cause), or "accepted". */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
    return "accepted";
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} / ${e.cause?.message ?? ""}`;
  }
}

describe("the audit trail", () => {
  it("records key and team changes with who made them", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await team();
    const developer = await member(asOwner, "developer");
    const key = await createKey(db, { actor: developer.actor, merchantId: m.id }, { name: "Audited" });
    const rolled = await rollKey(db, { actor: developer.actor, merchantId: m.id }, key.id, HOUR);
    await revokeKey(db, { actor: asOwner, merchantId: m.id }, rolled.id);

    const trail = await listAudit(db, m.id, {});
    const entry = (action: string) => trail.filter((r) => r.action === action).map((r) => ({ who: r.actorLabel, target: r.target }));
    expect(entry("team.claimed")).toEqual([{ who: owner.email, target: owner.email }]);
    expect(entry("team.invited")).toEqual([{ who: owner.email, target: developer.who.email }]);
    expect(entry("team.joined")).toEqual([{ who: developer.who.email, target: developer.who.email }]);
    expect(entry("key.created")).toEqual([{ who: developer.who.email, target: `Audited (${key.prefix}…)` }]);
    expect(entry("key.rolled")).toEqual([{ who: developer.who.email, target: `Audited (${key.prefix}… → ${rolled.prefix}…)` }]);
    expect(entry("key.revoked")).toEqual([{ who: owner.email, target: `Audited (${rolled.prefix}…)` }]);
    // made through the API, the account's first record names no person; every later one does
    expect(trail.at(-1)).toMatchObject({ action: "account.created", actorKind: "key", actorLabel: "API (POST /api/merchants)" });
    expect(trail.slice(0, -1).every((r) => r.actorKind === "person")).toBe(true);
    expect(trail.find((r) => r.action === "key.revoked")!.ip).toBe(asOwner.ip);
    // newest first
    expect(trail.map((r) => r.id)).toEqual(trail.map((r) => r.id).toSorted((a, b) => b - a));
    // a member's own view holds only their records
    const own = await listAudit(db, m.id, {}, developer.who.userId);
    expect(new Set(own.map((r) => r.actorLabel))).toEqual(new Set([developer.who.email]));
  });

  it("refuses UPDATE, DELETE and TRUNCATE, whatever the application sends", async () => {
    const db = await testDb();
    const { m } = await team();
    const before = await listAudit(db, m.id, {});
    expect(before.length).toBeGreaterThan(0);
    expect(await refusal(db.execute(sql`update audit_log set action = 'nothing happened' where merchant_id = ${m.id}`))).toMatch(
      /audit_log is append-only/,
    );
    expect(await refusal(db.execute(sql`delete from audit_log where merchant_id = ${m.id}`))).toMatch(/audit_log is append-only/);
    const truncated = db.transaction(async (tx) => {
      await tx.execute(sql`truncate audit_log`);
      throw new Error("TRUNCATE went through"); // rolled back all the same
    });
    expect(await refusal(truncated)).toMatch(/audit_log is append-only/);
    expect(await listAudit(db, m.id, {})).toEqual(before);
  });
});
