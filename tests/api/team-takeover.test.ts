// Databases: PostgreSQL only: re-authentication and the owners' mail are the same code over either database; e2e/people.spec.ts changes a team on the embedded one.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getAddress } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { memberships, merchants, payoutChanges } from "@/db/schema";
import { addPayoutAddress, setPayoutWallet } from "@/lib/accounts/payout-addresses";
import { listHeldChanges } from "@/lib/accounts/payout-holds";
import {
  acceptInvite,
  changeRole,
  claimMerchant,
  inviteByToken,
  inviteMember,
  listInvites,
  removeMember,
  roleIn,
} from "@/lib/accounts/teams";
import { type MerchantActor, OPERATOR } from "@/lib/core/actor";
import { listAudit } from "@/lib/audit";
import { listPayoutAddresses } from "@/lib/merchants/payout-addresses";
import { DUE_JOBS } from "@/lib/start";
import { newMerchant, randomIp } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person, type Role, type Who } from "../support/people";
import { mailboxForThisFile } from "../support/test-mailbox";

// A stolen owner's session, played out: every change of the team asks for a recent
// re-authentication and is mailed to every owner (the member it is about too); the invites of an
// owner who is removed or demoted stop working; and a new owner's changes of where the money goes
// wait NEW_OWNER_PAYOUT_HOLD (24 h), during which an earlier owner cancels them from the mail.

const mail = mailboxForThisFile();
const HOUR = 60 * 60 * 1000;

let signedIn: { merchantId: string; actor: MerchantActor };
// whether the signed-in person re-authenticated within the last minutes (lib/auth/reauth.ts)
let reauthenticated = true;
vi.mock("@/lib/auth/session", () => ({
  requireMerchant: async () => ({ ...signedIn, person: signedIn.actor.person ?? null }),
  recentlyReauthenticated: async () => reauthenticated,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const team = await import("@/actions/dashboard/team");
const wallet = await import("@/actions/dashboard/wallet");
const { cancelPayoutChangeAction } = await import("@/actions/dashboard/payout-change");

beforeEach(() => {
  reauthenticated = true;
});

/** An account made through the API and claimed by its first owner. */
async function account() {
  const m = await newMerchant();
  const owner = await person();
  await claimMerchant(await testDb(), owner, m.apiKey, randomIp());
  return { m, owner, asOwner: actorOf(m.id, owner, "owner") };
}

/** Invites `who` as `role` and returns the link's token from their mail. */
async function invite(asOwner: MerchantActor, who: Who, role: Role) {
  const after = Date.now();
  const { id } = await inviteMember(await testDb(), asOwner, { email: who.email, role });
  const { token } = await mail.linkTo(who.email, /You are invited to a merchant account/, "/dashboard/invite", after);
  return { id, token };
}

/** A member who joined by invite, with their actor. */
async function member(asOwner: MerchantActor, role: Role) {
  const who = await person();
  const { token } = await invite(asOwner, who, role);
  await acceptInvite(await testDb(), token, who, randomIp());
  return { who, actor: actorOf(asOwner.merchantId, who, role) };
}

const newAddress = () => getAddress(`0x${crypto.randomBytes(20).toString("hex")}`);

const dueJob = DUE_JOBS.find((j) => j.job === "payoutChange")!;

/** Runs the job for every held change that is due, as the dispatcher's sweep does. */
async function runDueChanges() {
  const db = await testDb();
  const outcomes: unknown[] = [];
  for (const id of await dueJob.findDue(db)) outcomes.push(await dueJob.run(db, id));
  return outcomes;
}

describe("every team change asks for a recent re-authentication", () => {
  it("invite, revoke, role, removal, leaving and the second-factor rule are refused without one, and change nothing", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await account();
    const dev = await member(asOwner, "developer");
    const pending = await invite(asOwner, await person(), "viewer");
    const outsider = await person();
    signedIn = { merchantId: m.id, actor: asOwner };
    reauthenticated = false;
    const attempts = {
      invite: () => team.inviteAction({ email: outsider.email, role: "owner" }),
      revoke: () => team.revokeInviteAction(pending.id),
      role: () => team.changeRoleAction({ userId: dev.who.userId, role: "owner" }),
      remove: () => team.removeMemberAction(dev.who.userId),
      secondFactorOn: () => team.requireSecondFactorAction(true),
    };
    for (const [what, attempt] of Object.entries(attempts)) {
      expect(await attempt(), what).toEqual({ ok: false, message: "Confirm it is you first: enter your password again.", reauth: true });
    }
    // a member leaving asks too
    signedIn = { merchantId: m.id, actor: dev.actor };
    expect(await team.removeMemberAction(dev.who.userId)).toMatchObject({ ok: false, reauth: true });

    // nothing changed, nobody was mailed
    expect(await roleIn(db, dev.who.userId, m.id)).toBe("developer");
    expect((await listInvites(db, m.id)).map((i) => i.id)).toEqual([pending.id]);
    expect(mail.allTo(outsider.email)).toEqual([]);
    const [row] = await db.select({ required: merchants.requireSecondFactor }).from(merchants).where(eq(merchants.id, m.id));
    expect(row!.required).toBe(false);
    expect(await listAudit(db, m.id, { action: "team.role-changed" })).toEqual([]);

    // re-authenticated, each goes through
    reauthenticated = true;
    signedIn = { merchantId: m.id, actor: asOwner };
    for (const [what, attempt] of Object.entries(attempts)) expect(await attempt(), what).toEqual({ ok: true });
    expect(await roleIn(db, dev.who.userId, m.id)).toBeNull();
    expect(await roleIn(db, owner.userId, m.id)).toBe("owner");
    // turning the rule off asks as well
    reauthenticated = false;
    expect(await team.requireSecondFactorAction(false)).toMatchObject({ ok: false, reauth: true });
    const [still] = await db.select({ required: merchants.requireSecondFactor }).from(merchants).where(eq(merchants.id, m.id));
    expect(still!.required).toBe(true);
  });
});

describe("every owner is mailed each team change", () => {
  it("says what changed, who did it, when and what to do; the member removed or demoted is mailed too", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await account();
    const second = await member(asOwner, "owner");
    const dev = await member(asOwner, "developer");
    const invitee = await person();

    await inviteMember(db, asOwner, { email: invitee.email, role: "owner" });
    for (const o of [owner, second.who]) {
      // the setup's own invites are mailed too, and may arrive after `at`: this invite's is the one naming the invitee
      const ofThisInvite = () =>
        mail.allTo(o.email).find((x) => /^Someone was invited to your merchant account$/.test(x.subject) && x.text.includes(invitee.email));
      await expect.poll(() => ofThisInvite() !== undefined, { timeout: 10_000 }).toBe(true);
      const got = ofThisInvite()!;
      expect(got.text).toContain(`${owner.email} invited ${invitee.email} to join the merchant account "Test Shop" as owner.`);
      expect(got.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(got.text).toContain("If this was not you, or you did not expect it");
      expect(got.text).toContain("/dashboard/team");
    }
    expect(mail.allTo(dev.who.email).filter((x) => /Someone was invited/.test(x.subject))).toEqual([]);

    // an owner demoted by another: both owners hear of it, the demoted one as "you", with what to do when locked out
    const demotedAt = Date.now();
    await changeRole(db, second.actor, owner.userId, "developer");
    const demoted = await mail.mailTo(owner.email, /^A role was changed in your merchant account$/, demotedAt);
    expect(demoted.text).toContain(
      `${second.who.email} changed the role of you in the merchant account "Test Shop" from owner to developer.`,
    );
    expect(demoted.text).toContain("ask another owner of the account, or the operator of this checkout service");
    const toSecond = await mail.mailTo(second.who.email, /^A role was changed/, demotedAt);
    expect(toSecond.text).toContain(`changed the role of ${owner.email}`);

    // a member removed: every owner and the member themselves
    const removedAt = Date.now();
    await removeMember(db, second.actor, dev.who.userId);
    const removed = await mail.mailTo(dev.who.email, /^A member was removed from your merchant account$/, removedAt);
    expect(removed.text).toContain(`${second.who.email} removed you from the merchant account "Test Shop".`);
    await mail.mailTo(second.who.email, /^A member was removed/, removedAt);

    // the second-factor rule, off and on
    const ruleAt = Date.now();
    await changeRole(db, second.actor, owner.userId, "owner");
    signedIn = { merchantId: m.id, actor: second.actor };
    expect(await team.requireSecondFactorAction(true)).toEqual({ ok: true });
    const on = await mail.mailTo(owner.email, /^The sign-in rule of your merchant account changed$/, ruleAt);
    expect(on.text).toContain(`${second.who.email} turned on the rule`);
    const offAt = Date.now();
    expect(await team.requireSecondFactorAction(false)).toEqual({ ok: true });
    const rule = await mail.mailTo(owner.email, /^The sign-in rule of your merchant account changed$/, offAt);
    expect(rule.text).toContain(
      `${second.who.email} turned off the rule that every member of the merchant account "Test Shop" needs a second factor`,
    );
  });
});

describe("the invites of a member who is removed or demoted lapse", () => {
  it("the link says it no longer works, and accepting it is refused", async () => {
    const db = await testDb();
    const { m, asOwner } = await account();
    const second = await member(asOwner, "owner");
    const third = await member(asOwner, "owner");
    const byRemoved = await person();
    const byDemoted = await person();
    const fromRemoved = await invite(second.actor, byRemoved, "owner");
    const fromDemoted = await invite(third.actor, byDemoted, "developer");
    expect(await inviteByToken(db, fromRemoved.token)).toMatchObject({ state: "open" });

    const at = Date.now();
    await removeMember(db, asOwner, second.who.userId);
    await changeRole(db, asOwner, third.who.userId, "viewer");
    for (const [token, who] of [
      [fromRemoved.token, byRemoved],
      [fromDemoted.token, byDemoted],
    ] as const) {
      expect(await inviteByToken(db, token)).toEqual({ state: "gone" });
      await expect(acceptInvite(db, token, who, randomIp())).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      expect(await roleIn(db, who.userId, m.id)).toBeNull();
    }
    expect(await listInvites(db, m.id)).toEqual([]);
    const lapsed = await listAudit(db, m.id, { action: "team.invite-lapsed" });
    expect(lapsed.map((r) => r.target).sort()).toEqual([byRemoved.email, byDemoted.email].sort());
    const told = await mail.mailTo(second.who.email, /^A member was removed/, at);
    expect(told.text).toContain("The 1 pending invite they sent no longer works.");
    // the demoted member cannot invite again either
    await expect(inviteMember(db, { ...third.actor }, { email: (await person()).email, role: "viewer" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("a new owner's payout changes wait", () => {
  it("a new owner's new address and wallet are held, shown with when they apply; an earlier owner cancels one from the mail", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await account();
    const newcomer = await member(asOwner, "owner");
    const address = newAddress();
    const walletAddress = newAddress();
    signedIn = { merchantId: m.id, actor: newcomer.actor };

    const askedAt = Date.now();
    const added = await wallet.addPayoutAddressAction({ address, label: "Mine" });
    expect(added).toMatchObject({ ok: true, held: { kind: "address", address: address.toLowerCase() } });
    const appliesAt = Date.parse((added as { held: { appliesAt: string } }).held.appliesAt);
    expect(appliesAt - askedAt).toBeGreaterThan(24 * HOUR - 60_000);
    expect(appliesAt - askedAt).toBeLessThan(24 * HOUR + 60_000);
    // the earlier owner's mail: what, when it applies, and a link that cancels it
    const held = await mail.mailTo(owner.email, /A new owner's payout change is waiting/, askedAt);
    expect(held.text).toContain(
      `${newcomer.who.email}, an owner of the merchant account "Test Shop" for less than 24 hours, asked to add ${address.toLowerCase()} ("Mine")`,
    );
    expect(held.text).toMatch(/it applies at \d{4}-\d\d-\d\d \d\d:\d\d UTC unless an earlier owner cancels it/);
    const { token } = await mail.linkTo(owner.email, /A new owner's payout change is waiting/, "/dashboard/payout-change", askedAt);
    expect(await wallet.updatePayoutWallet(walletAddress)).toMatchObject({ ok: true, held: { kind: "wallet", address: walletAddress } });
    // nothing changed yet: neither is allowed, the wallet is unset
    expect(await listPayoutAddresses(db, m.id)).toEqual([]);
    const [row] = await db.select({ wallet: merchants.evmWalletAddress }).from(merchants).where(eq(merchants.id, m.id));
    expect(row!.wallet).toBeNull();
    expect((await listHeldChanges(db, m.id)).map((c) => [c.kind, c.address, c.requestedBy])).toEqual([
      ["address", address.toLowerCase(), newcomer.who.email],
      ["wallet", walletAddress, newcomer.who.email],
    ]);
    // the same address again waits once
    expect(await wallet.addPayoutAddressAction({ address })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/already waiting/),
    });

    // the new owner is not mailed a link; the due job does nothing yet
    expect(mail.allTo(newcomer.who.email).filter((x) => /waiting/.test(x.subject))).toEqual([]);
    expect(await runDueChanges()).toEqual([]);

    const cancelledAt = Date.now();
    expect(await cancelPayoutChangeAction(token)).toEqual({ ok: true, kind: "address", address: address.toLowerCase() });
    // the link works once
    expect(await cancelPayoutChangeAction(token)).toMatchObject({ ok: false, message: expect.stringMatching(/no longer waits/) });
    // a forged or altered link does nothing
    expect(await cancelPayoutChangeAction(`${token.slice(0, -2)}xx`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not valid/),
    });
    expect((await listHeldChanges(db, m.id)).map((c) => c.address)).toEqual([walletAddress]);
    const trail = await listAudit(db, m.id, { action: "payout-change.cancelled" });
    expect(trail.map((r) => [r.actorLabel, r.target])).toEqual([[owner.email, address.toLowerCase()]]);
    for (const who of [owner, newcomer.who]) await mail.mailTo(who.email, /^A held payout change was cancelled$/, cancelledAt);

    // once the hold is over, the other one applies, as the new owner asked it, mailed as any addition is
    await db
      .update(payoutChanges)
      .set({ dueAt: new Date(Date.now() - 1_000) })
      .where(eq(payoutChanges.merchantId, m.id));
    const appliedAt = Date.now();
    expect(await runDueChanges()).toEqual(["applied"]);
    expect(await runDueChanges()).toEqual([]);
    expect(await listHeldChanges(db, m.id)).toEqual([]);
    const [after] = await db.select({ wallet: merchants.evmWalletAddress }).from(merchants).where(eq(merchants.id, m.id));
    expect(after!.wallet).toBe(walletAddress);
    expect((await listPayoutAddresses(db, m.id)).map((a) => [a.address, a.addedBy, a.payoutWallet])).toEqual([
      [walletAddress.toLowerCase(), newcomer.who.email, true],
    ]);
    expect((await listAudit(db, m.id, { action: "payout-change.applied" })).map((r) => [r.actorLabel, r.target])).toEqual([
      [newcomer.who.email, walletAddress],
    ]);
    await mail.mailTo(owner.email, /A payout address was added to your merchant account/, appliedAt);
  });

  it("an owner of longer than the hold, the first owner and the operator are not held; a new owner removed before it applies lapses", async () => {
    const db = await testDb();
    const { m, asOwner } = await account();
    // the first owner (made or claimed the account) changes at once
    // (each change's mail is awaited: the file's mailbox closes after the last test)
    await (
      await addPayoutAddress(db, { actor: asOwner, merchantId: m.id }, { address: newAddress() })
    ).mailed;
    await (
      await addPayoutAddress(db, { actor: OPERATOR, merchantId: m.id }, { address: newAddress() })
    ).mailed;
    expect(await listHeldChanges(db, m.id)).toEqual([]);

    const seasoned = await member(asOwner, "owner");
    await db
      .update(memberships)
      .set({ ownerSince: new Date(Date.now() - 25 * HOUR) })
      .where(and(eq(memberships.merchantId, m.id), eq(memberships.userId, seasoned.who.userId)));
    const atOnce = await setPayoutWallet(db, { actor: seasoned.actor, merchantId: m.id }, newAddress());
    expect(atOnce).not.toHaveProperty("held");
    await atOnce.mailed;

    // promoted by a role change: new again; removed before the hold is over, the change lapses
    const promoted = await member(asOwner, "developer");
    await (
      await changeRole(db, asOwner, promoted.who.userId, "owner")
    ).mailed;
    const asPromoted = actorOf(m.id, promoted.who, "owner");
    const held = await addPayoutAddress(db, { actor: asPromoted, merchantId: m.id }, { address: newAddress() });
    expect(held.held).toBeDefined();
    await held.mailed;
    await (
      await removeMember(db, asOwner, promoted.who.userId)
    ).mailed;
    await db
      .update(payoutChanges)
      .set({ dueAt: new Date(Date.now() - 1_000) })
      .where(eq(payoutChanges.merchantId, m.id));
    expect(await runDueChanges()).toEqual([]);
    const [row] = await db.select({ status: payoutChanges.status }).from(payoutChanges).where(eq(payoutChanges.id, held.held!.id));
    expect(row!.status).toBe("lapsed");
    expect((await listPayoutAddresses(db, m.id)).map((a) => a.address)).not.toContain(held.held!.address);
    expect((await listAudit(db, m.id, { action: "payout-change.lapsed" })).map((r) => r.target)).toEqual([held.held!.address]);
  });
});
