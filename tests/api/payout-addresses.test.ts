import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getAddress } from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutSessions, memberships, paymentLinks, users } from "@/db/schema";
import { addPayoutAddress, removePayoutAddress, setPayoutWallet } from "@/lib/accounts/payout-addresses";
import { createKey } from "@/lib/accounts/keys";
import { claimMerchant } from "@/lib/accounts/teams";
import { dashboardMerchant, type MerchantActor, OPERATOR } from "@/lib/core/actor";
import { listAudit } from "@/lib/audit";
import { createPaymentLink, startFromLink } from "@/lib/links/service";
import { listPayoutAddresses } from "@/lib/merchants/payout-addresses";
import { call, newMerchant, randomIp, sessionBody, type TestMerchant, TOKEN } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person, type Role, type Who } from "../support/people";
import { mailboxForThisFile } from "../support/test-mailbox";

// The allowed payout addresses: whoever creates a session, a v1 order or a payment link (a developer
// in the dashboard, any API key of either generation, a payer starting a link), its money may only go
// to an address on the account's list, which only owners (and the operator) change; each change is
// in the audit trail and mailed to every owner.

const mail = mailboxForThisFile();

let signedIn: { merchantId: string; actor: MerchantActor };
// whether the signed-in person re-authenticated within the last minutes (lib/auth/reauth.ts)
let reauthenticated = true;
vi.mock("@/lib/auth/session", () => ({
  requireMerchant: async () => ({ ...signedIn, person: signedIn.actor.person ?? null }),
  recentlyReauthenticated: async () => reauthenticated,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { addPayoutAddressAction, removePayoutAddressAction, updatePayoutWallet } = await import("@/actions/dashboard/wallet");
const { createLinkAction } = await import("@/actions/dashboard/link");

/** An account made through the API, claimed by its owner, with a second owner and a developer (who made an API key). */
async function team() {
  const db = await testDb();
  const m = await newMerchant();
  const owner = await person();
  await claimMerchant(db, owner, m.apiKey, randomIp());
  const [second, dev] = [await person(), await person()];
  await db.insert(memberships).values([
    { merchantId: m.id, userId: second.userId, role: "owner" },
    { merchantId: m.id, userId: dev.userId, role: "developer" },
  ]);
  const asOwner = actorOf(m.id, owner, "owner");
  const asDeveloper = actorOf(m.id, dev, "developer");
  const devKey = (await createKey(db, { actor: asDeveloper, merchantId: m.id }, { name: "Developer's key" })).apiKey;
  return { m, owner, second, dev, asOwner, asDeveloper, devKey };
}

/** A fresh checksummed address nobody has used. */
const newAddress = () => getAddress(`0x${crypto.randomBytes(20).toString("hex")}`);

const linkBody = (recipientAddress: string) => ({
  title: "Tip jar",
  amount: "12.00",
  destinationChainId: 8453,
  destinationToken: TOKEN as `0x${string}`,
  recipientAddress: recipientAddress as `0x${string}`,
});

const attempt = () => `attempt-${crypto.randomBytes(12).toString("hex")}`;

/** The four API calls that name where the money goes, each with `address`. */
function everyApiFace(m: TestMerchant, key: string, address: string) {
  return {
    v0Session: () => call("POST", "/api/checkout/sessions", { key, body: sessionBody(m, { recipientAddress: address }) }),
    v1Order: () => call("POST", "/api/v1/orders", { key, body: { requestedUsdcAmount: "10.00", destinationAddress: address } }),
    v0Link: () => call("POST", "/api/payment-links", { key, body: linkBody(address) }),
    v1Link: () => call("POST", "/api/v1/payment-links", { key, body: { title: "Invoice", amount: "10.00", destinationAddress: address } }),
  };
}

const counts = async (merchantId: string) => {
  const db = await testDb();
  return {
    sessions: (await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, merchantId))).length,
    links: (await db.select().from(paymentLinks).where(eq(paymentLinks.merchantId, merchantId))).length,
  };
};

beforeEach(() => {
  vi.useRealTimers();
});

describe("allowed payout addresses", () => {
  it("a developer cannot send the money to an address off the list, through any face; once an owner adds it, every face can", async () => {
    const db = await testDb();
    const { m, owner, second, dev, asOwner, asDeveloper, devKey } = await team();
    const elsewhere = newAddress();
    const before = await counts(m.id);

    const faces = everyApiFace(m, devKey, elsewhere);
    for (const [face, send] of Object.entries(faces)) {
      const res = await send();
      expect(res.status, `${face}: ${res.text}`).toBe(400);
      expect(res.body.error?.code ?? res.body.errorCode, face).toBe("VALIDATION_FAILED");
      const field = face.startsWith("v1") ? "destinationAddress" : "recipientAddress";
      expect(res.body.error?.details?.fields?.[field] ?? res.body.message, face).toMatch(
        /not one of this account's allowed payout addresses/,
      );
      expect(res.body.message, face).toMatch(new RegExp(`^${field}: .*an owner can add it`));
    }
    // in the dashboard, as the developer: the form's field says why
    signedIn = { merchantId: m.id, actor: asDeveloper };
    const refused = await createLinkAction(linkBody(elsewhere));
    expect(refused).toMatchObject({ ok: false, fields: { recipientAddress: expect.stringMatching(/allowed payout addresses/) } });
    // nothing was made
    expect(await counts(m.id)).toEqual(before);

    // the developer cannot add it, in the dashboard or by calling the service
    expect(await addPayoutAddressAction({ address: elsewhere })).toMatchObject({ ok: false, message: expect.stringMatching(/role/) });
    await expect(addPayoutAddress(db, { actor: asDeveloper, merchantId: m.id }, { address: elsewhere })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await listPayoutAddresses(db, m.id)).toEqual([]);

    // an owner adds it
    signedIn = { merchantId: m.id, actor: asOwner };
    const addedAt = Date.now();
    expect(await addPayoutAddressAction({ address: ` ${elsewhere} `, label: "Treasury" })).toEqual({ ok: true });
    expect(await listPayoutAddresses(db, m.id)).toEqual([
      expect.objectContaining({ address: elsewhere.toLowerCase(), label: "Treasury", addedBy: owner.email, payoutWallet: false }),
    ]);
    for (const [face, send] of Object.entries(faces)) {
      const res = await send();
      expect(res.status, `${face}: ${res.text}`).toBe(201);
    }
    signedIn = { merchantId: m.id, actor: asDeveloper };
    expect(await createLinkAction(linkBody(elsewhere.toLowerCase()))).toMatchObject({ ok: true });
    expect(await counts(m.id)).toEqual({ sessions: before.sessions + 2, links: before.links + 3 });

    // in the audit trail, and mailed to both owners (not to the developer)
    const trail = await listAudit(db, m.id, { action: "payout-address.added" });
    expect(trail).toEqual([
      expect.objectContaining({ actorLabel: owner.email, target: elsewhere.toLowerCase(), details: { label: "Treasury" } }),
    ]);
    for (const o of [owner, second]) {
      const got = await mail.mailTo(o.email, /A payout address was added to your merchant account/, addedAt);
      expect(got.text).toContain(`${owner.email} added ${elsewhere.toLowerCase()} ("Treasury") to the allowed payout addresses`);
      expect(got.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(got.text).toContain("If you did not expect this, remove the address at once");
    }
    expect(mail.allTo(dev.email)).toEqual([]);
  });

  it("a removed address is refused again, and the payment links that pay to it stop taking payments", async () => {
    const db = await testDb();
    const { m, owner, second, asOwner, devKey } = await team();
    const address = newAddress();
    await addPayoutAddress(db, { actor: asOwner, merchantId: m.id }, { address });
    const link = await createPaymentLink(db, linkBody(address), { actor: actorOf(m.id, owner, "owner") });
    await startFromLink(db, { slug: link.slug, attempt: attempt() }, { ip: randomIp() });

    signedIn = { merchantId: m.id, actor: asOwner };
    const removedAt = Date.now();
    expect(await removePayoutAddressAction(address.toLowerCase())).toMatchObject({ ok: true, links: 1 });
    expect(await listPayoutAddresses(db, m.id)).toEqual([]);
    const res = await everyApiFace(m, devKey, address).v0Session();
    expect(res.status).toBe(400);
    // the payer is told the link is closed, and no session is made
    const sessions = (await counts(m.id)).sessions;
    await expect(startFromLink(db, { slug: link.slug, attempt: attempt() }, { ip: randomIp() })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This payment link cannot take payments right now. Ask the merchant for another way to pay.",
    });
    expect((await counts(m.id)).sessions).toBe(sessions);

    expect((await listAudit(db, m.id, { action: "payout-address.removed" })).map((r) => [r.actorLabel, r.target])).toEqual([
      [owner.email, address.toLowerCase()],
    ]);
    for (const o of [owner, second]) {
      const got = await mail.mailTo(o.email, /A payout address was removed from your merchant account/, removedAt);
      expect(got.text).toContain(`${owner.email} removed ${address.toLowerCase()} from the allowed payout addresses`);
      expect(got.text).toContain("the 1 payment link that pay to it stop taking payments");
    }
    // removing it again: not on the list
    expect(await removePayoutAddressAction(address)).toMatchObject({ ok: false, message: expect.stringMatching(/not on the list/) });
  });

  it("the payout wallet goes on the list when an owner sets it, and stays there while it is the wallet", async () => {
    const db = await testDb();
    const { m, owner, asOwner, asDeveloper, devKey } = await team();
    const wallet = newAddress();
    // a developer cannot set it
    await expect(setPayoutWallet(db, { actor: asDeveloper, merchantId: m.id }, wallet)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const order = () => call("POST", "/api/v1/orders", { key: devKey, body: { requestedUsdcAmount: "10.00" } });
    expect((await order()).status).toBe(400);

    signedIn = { merchantId: m.id, actor: asOwner };
    const setAt = Date.now();
    expect(await updatePayoutWallet(wallet)).toEqual({ ok: true, evmWalletAddress: wallet });
    expect(await listPayoutAddresses(db, m.id)).toEqual([
      expect.objectContaining({ address: wallet.toLowerCase(), label: "Payout wallet", payoutWallet: true }),
    ]);
    const res = await order();
    expect(res.status, res.text).toBe(201);
    expect(res.body.responseObject.order.destinationAddress).toBe(wallet);
    expect((await mail.mailTo(owner.email, /A payout address was added/, setAt)).text).toContain(
      `added ${wallet.toLowerCase()} ("Payout wallet")`,
    );
    expect((await listAudit(db, m.id, { action: "payout-wallet.changed" }))[0]).toMatchObject({
      actorLabel: owner.email,
      details: { from: null, to: wallet },
    });

    expect(await removePayoutAddressAction(wallet)).toMatchObject({ ok: false, message: expect.stringMatching(/is the payout wallet/) });
    // the wallet removed, its address stays listed until an owner removes it
    expect(await updatePayoutWallet("")).toEqual({ ok: true, evmWalletAddress: null });
    expect((await listPayoutAddresses(db, m.id)).map((a) => a.payoutWallet)).toEqual([false]);
    expect(await removePayoutAddressAction(wallet)).toMatchObject({ ok: true, links: 0 });
    expect(
      (await call("POST", "/api/v1/orders", { key: devKey, body: { requestedUsdcAmount: "10.00", destinationAddress: wallet } })).status,
    ).toBe(400);
  });

  it("an account nobody has claimed lists each address its key names; once claimed, only owners add", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const first = newAddress();
    const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { recipientAddress: first }) });
    expect(res.status, res.text).toBe(201);
    expect(await listPayoutAddresses(db, m.id)).toEqual([
      expect.objectContaining({ address: first.toLowerCase(), addedBy: "API key (before the account was claimed)" }),
    ]);
    expect((await listAudit(db, m.id, { action: "payout-address.added" }))[0]).toMatchObject({
      actorKind: "key",
      target: first.toLowerCase(),
    });

    await claimMerchant(db, await person(), m.apiKey, randomIp());
    const later = newAddress();
    expect(
      (await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { recipientAddress: later }) })).status,
    ).toBe(400);
    expect(
      (await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { recipientAddress: first }) })).status,
    ).toBe(201);
    expect((await listPayoutAddresses(db, m.id)).map((a) => a.address)).toEqual([first.toLowerCase()]);
  });

  it("the operator adds and removes addresses as owners do, and the owners are told", async () => {
    const db = await testDb();
    const { m, owner, devKey } = await team();
    const address = newAddress();
    const at = Date.now();
    const { mailed } = await addPayoutAddress(db, { actor: OPERATOR, merchantId: m.id }, { address, label: "Cold wallet" });
    await mailed;
    expect((await mail.mailTo(owner.email, /was added/, at)).text).toContain("The operator of this checkout service");
    expect((await everyApiFace(m, devKey, address).v0Session()).status).toBe(201);
    await expect(addPayoutAddress(db, { actor: OPERATOR, merchantId: m.id }, { address })).rejects.toMatchObject({ code: "CONFLICT" });
    await (
      await removePayoutAddress(db, { actor: OPERATOR, merchantId: m.id }, address)
    ).mailed;
    expect((await everyApiFace(m, devKey, address).v0Session()).status).toBe(400);
    expect((await listAudit(db, m.id, {})).filter((r) => r.actorKind === "operator").map((r) => r.action)).toEqual([
      "payout-address.removed",
      "payout-address.added",
    ]);
  });

  it("another account's list does not open this one's", async () => {
    const db = await testDb();
    const ours = await team();
    const theirs = await team();
    const address = newAddress();
    await (
      await addPayoutAddress(db, { actor: theirs.asOwner, merchantId: theirs.m.id }, { address })
    ).mailed;
    expect((await everyApiFace(ours.m, ours.devKey, address).v0Session()).status).toBe(400);
    // an owner of one account cannot change another's
    await expect(addPayoutAddress(db, { actor: theirs.asOwner, merchantId: ours.m.id }, { address })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("an address removed while sessions pay to it", () => {
  it("the sessions and v1 orders made before the removal can no longer start, and the removal names those it stops", async () => {
    const db = await testDb();
    const { m, asOwner, devKey } = await team();
    const [address, kept] = [newAddress(), newAddress()];
    for (const a of [address, kept]) await addPayoutAddress(db, { actor: asOwner, merchantId: m.id }, { address: a });
    const faces = everyApiFace(m, devKey, address);
    const session = (await faces.v0Session()).body.responseObject.session.id as string;
    const order = (await faces.v1Order()).body.responseObject.order.id as string;
    const elsewhere = (await everyApiFace(m, devKey, kept).v0Session()).body.responseObject.session.id as string;
    // a session that already has its payment under way (the sandbox's intent is made at once)
    const started = (await faces.v0Session()).body.responseObject.session.id as string;
    const start = (id: string) =>
      call("POST", `/api/checkout/sessions/${id}/start`, { key: devKey, body: { paymentPlatform: "venmo", fiatCurrency: "USD" } });
    expect((await start(started)).status).toBe(200);

    signedIn = { merchantId: m.id, actor: asOwner };
    const removed = await removePayoutAddressAction(address);
    expect(removed).toMatchObject({ ok: true, links: 0 });
    if (!removed.ok) throw new Error(removed.message);
    expect([...removed.sessions.stopped].sort()).toEqual([session, order].sort());
    expect(removed.sessions.underWay).toEqual([started]);
    expect(removed.sessions.more).toBe(0);

    for (const id of [session, order]) {
      const refused = await start(id);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.message).toMatch(/payout address .* was removed/);
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      expect(row).toMatchObject({ status: "CREATED", activeOrderId: null });
    }
    // a session paying to an address still on the list starts
    expect((await start(elsewhere)).status).toBe(200);
  });
});

describe("a stolen dashboard session cannot redirect the money", () => {
  it("a new payout address or wallet needs the owner's recent re-authentication; an unclaimed account's key session is not asked", async () => {
    const db = await testDb();
    const { m, owner, asOwner } = await team();
    const elsewhere = newAddress();
    signedIn = { merchantId: m.id, actor: asOwner };
    reauthenticated = false;
    try {
      expect(await addPayoutAddressAction({ address: elsewhere })).toMatchObject({ ok: false, reauth: true });
      expect(await updatePayoutWallet(elsewhere)).toMatchObject({ ok: false, reauth: true });
      expect(await listPayoutAddresses(db, m.id)).toEqual([]);
      expect(await listAudit(db, m.id, { action: "payout-address.added" })).toEqual([]);
      // confirmed: the same requests go through
      reauthenticated = true;
      const addedAt = Date.now();
      expect(await addPayoutAddressAction({ address: elsewhere })).toEqual({ ok: true });
      expect(await listPayoutAddresses(db, m.id)).toEqual([expect.objectContaining({ address: elsewhere.toLowerCase() })]);
      await mail.mailTo(owner.email, /A payout address was added/, addedAt);

      // an account nobody has claimed: its key is its only credential, so there is nobody to ask
      reauthenticated = false;
      const unclaimed = await newMerchant();
      signedIn = { merchantId: unclaimed.id, actor: dashboardMerchant(unclaimed.id) };
      expect(await addPayoutAddressAction({ address: elsewhere })).toEqual({ ok: true });
    } finally {
      reauthenticated = true;
    }
  });
});
