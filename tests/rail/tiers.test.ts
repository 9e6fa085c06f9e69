import { eq, isNotNull } from "drizzle-orm";
import { type Address, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { takerWallets } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { advanceOrder, findDueRailSteps } from "@/lib/orders/rail-steps";
import { liveRail } from "@/lib/rail";
import { PAYMENT_PLATFORMS } from "@/lib/rail/platforms";
import { cancelSession } from "@/lib/sessions/transitions";
import { PEASANT, type TakerTier } from "@/rail-local/curator";
import { testDb } from "../support/db";
import { driveUntil, liveSession, railUnderTest, type RailUnderTest, startLive, stepNow } from "./support";

// Peer's taker tiers, as the stand-in curator serves them in ZKP2P's published shape (the client SDK's
// TakerTier with a PlatformLimit per platform, computed from ZKP2P's tier guide): what the payer is
// offered, and which wallet signals, when the wallets are at the lowest tier.

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});

const wallets = () => stack.rail.takerKeys.map((k) => privateKeyToAccount(k).address);
const setAll = (tier: TakerTier | null) => {
  for (const w of wallets()) stack.curator.setTier(w, tier);
  liveRail()!.tiers.clear();
};
afterEach(() => {
  setAll(null);
  stack.curator.clearCooldowns();
});

/** The stand-in curator's answer for a wallet, as the rail asks it (`GET /v2/taker/tier`). */
async function tierAnswer(owner: Address) {
  const url = new URL("/v2/taker/tier", stack.curator.url);
  url.searchParams.set("owner", owner.toLowerCase());
  url.searchParams.set("chainId", "8453");
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    success: boolean;
    message: string;
    responseObject: Record<string, unknown> & { platformLimits: Record<string, unknown>[] };
  };
}

/** What the payer's page offers in USD for a new live session of `amount`, and what it says is missing. */
async function offered(amount: string) {
  const { session } = await liveSession(stack, amount);
  const view = await getCheckoutView(await testDb(), session.id);
  const usd = view.options.find((c) => c.currency === "USD")?.quotes.map((q) => q.platform) ?? [];
  const why = Object.fromEntries(view.unavailable.map((u) => [u.platform, u.reason]));
  return { session, usd, why };
}

/** Runs the due steps until no wallet is held: what earlier tests left unwinding is done. */
const allWalletsFree = () =>
  vi.waitFor(
    async () => {
      const db = await testDb();
      for (const id of await findDueRailSteps(db)) await advanceOrder(db, id);
      expect(await db.select().from(takerWallets).where(isNotNull(takerWallets.orderId))).toHaveLength(0);
    },
    { timeout: 30_000, interval: 300 },
  );

/** A live order on a platform, signalled and mined, then cancelled by its payer and its wallet freed: the wallet it signalled from. */
async function signalledAndCancelled(platform: string, amount = "20.00") {
  const { session } = await liveSession(stack, amount);
  const started = await startLive(session.id, platform);
  const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
  expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
  // the quote was asked as the wallet that signalled
  expect((mined.railState as { quotedAs?: string }).quotedAs).toBe(mined.takerWallet);
  await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  await vi.waitFor(
    async () => {
      await stepNow(started.order.id);
      expect(await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, started.order.id))).toHaveLength(0);
    },
    { timeout: 15_000, interval: 300 },
  );
  return mined.takerWallet!;
}

/** Puts a wallet first in line for the next order (the longest free). */
const firstInLine = async (wallet: string) =>
  (await testDb())
    .update(takerWallets)
    .set({ updatedAt: new Date("2000-01-01T00:00:00Z") })
    .where(eq(takerWallets.address, wallet.toLowerCase()));

describe("taker tiers: each wallet's limits, as curator publishes them", () => {
  it("the stand-in curator answers a wallet's tier in the published shape, with a limit for every platform", async () => {
    const [w] = wallets();
    stack.curator.setTier(w!, PEASANT);
    const body = await tierAnswer(w!);
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    const t = body.responseObject;
    expect(Object.keys(t).sort()).toEqual(
      [
        "owner",
        "chainId",
        "tier",
        "perIntentCapBaseUnits",
        "perIntentCapDisplay",
        "lastUpdated",
        "source",
        "stats",
        "cooldownHours",
        "cooldownSeconds",
        "cooldownActive",
        "cooldownRemainingSeconds",
        "nextIntentAvailableAt",
        "platformLimits",
      ].sort(),
    );
    expect(t).toMatchObject({ owner: w!.toLowerCase(), chainId: 8453, tier: "PEASANT", cooldownHours: 12, cooldownActive: false });
    for (const l of t.platformLimits)
      expect(Object.keys(l).sort()).toEqual(
        [
          "paymentMethodHash",
          "platformName",
          "riskLevel",
          "capMultiplier",
          "effectiveCap",
          "effectiveCapDisplay",
          "hasCooldown",
          "cooldownHours",
          "isLocked",
          "minTierRequired",
        ].sort(),
      );
    const of = (platform: string) => t.platformLimits.find((l) => l.paymentMethodHash === keccak256(toHex(platform)));
    for (const p of PAYMENT_PLATFORMS) expect(of(p), p).toBeDefined();
    expect(of("revolut")).toMatchObject({
      riskLevel: "LOW",
      effectiveCap: "500000000",
      effectiveCapDisplay: "$500",
      hasCooldown: false,
      isLocked: false,
    });
    expect(of("zelle")).toMatchObject({ riskLevel: "MEDIUM_HIGH", effectiveCap: "150000000", hasCooldown: true, cooldownHours: 12 });
    expect(of("venmo")).toMatchObject({ isLocked: true, minTierRequired: "PLUS", hasCooldown: true });
    expect(of("paypal")).toMatchObject({ isLocked: true, minTierRequired: "PLUS", riskLevel: "HIGHEST" });
    // Peer Plus: Venmo and PayPal open, no cooldown
    stack.curator.setTier(w!, { tier: "PLUS" });
    const plus = (await tierAnswer(w!)).responseObject;
    expect(plus).toMatchObject({ tier: "PLUS", cooldownHours: 0 });
    expect(plus.platformLimits.find((l) => l.platformName === "Venmo")).toMatchObject({ isLocked: false, effectiveCap: "1000000000" });
  });

  it("a lowest-tier wallet is never offered Venmo or PayPal, whatever the amount, and the payer is told why; a Peer Plus wallet is", async () => {
    setAll(PEASANT);
    const low = await offered("3.00");
    expect(low.usd).toEqual(expect.arrayContaining(["revolut", "zelle", "cashapp"]));
    expect(low.usd).not.toContain("venmo");
    expect(low.usd).not.toContain("paypal");
    expect(low.why).toMatchObject({ venmo: "not available for payments here yet", paypal: "not available for payments here yet" });
    await expect(startLive(low.session.id, "venmo")).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Venmo is not available for payments here yet",
    });
    await cancelSession(await testDb(), low.session.id, { actor: payer(low.session.id) });

    // one wallet reaches Peer Plus: Venmo is offered, and signals from that wallet
    const plus = wallets().at(-1)!;
    stack.curator.setTier(plus, { tier: "PLUS" });
    liveRail()!.tiers.clear();
    await allWalletsFree();
    const open = await offered("3.00");
    expect(open.usd).toContain("venmo");
    const started = await startLive(open.session.id, "venmo");
    const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    expect(mined.takerWallet).toBe(plus.toLowerCase());
    await cancelSession(await testDb(), open.session.id, { actor: payer(open.session.id) });
  });

  it("a platform is offered up to its own cap, not the tier's base, and not above it", async () => {
    setAll(PEASANT);
    // $120: above the lowest tier's base ($100) and Cash App's and Chime's caps, within Zelle's and Revolut's
    const { session, usd, why } = await offered("120.00");
    expect(usd).toEqual(expect.arrayContaining(["revolut", "wise", "zelle"]));
    expect(usd).not.toContain("cashapp");
    expect(usd).not.toContain("chime");
    expect(why).toMatchObject({ cashapp: "up to $100.00 per payment here", chime: "up to $100.00 per payment here" });
    await expect(startLive(session.id, "cashapp")).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Cash App is up to $100.00 per payment here",
    });
    await allWalletsFree();
    const started = await startLive(session.id, "revolut");
    expect((await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
    await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  });

  it("a wallet in its cooldown is passed over for a reversible method, and taken for a low-risk one", async () => {
    await allWalletsFree();
    setAll(PEASANT);
    const a = await signalledAndCancelled("zelle");
    // curator says the wallet cools down now, for the tier's 12 hours
    const cooling = (await tierAnswer(a as Address)).responseObject;
    expect(cooling).toMatchObject({ cooldownActive: true, nextIntentAvailableAt: expect.any(String) });
    expect(cooling.cooldownRemainingSeconds).toBeGreaterThan(11 * 3600);

    // wallet A is first in line, but cools down: the next Cash App order goes to another wallet
    // instead of being refused at signing
    await firstInLine(a);
    const b = await signalledAndCancelled("cashapp");
    expect(b).not.toBe(a);
    expect(stack.curator.quotedAs).toContain(b);

    // a Revolut order (low risk, no cooldown) is taken by wallet A, first in line
    await firstInLine(a);
    expect(await signalledAndCancelled("revolut")).toBe(a);

    // every wallet cooling: no reversible method is offered, with when it will be; Revolut still is
    const rest = wallets().filter((w) => ![a, b].includes(w.toLowerCase()));
    for (const _ of rest) await signalledAndCancelled("zelle");
    liveRail()!.tiers.clear();
    const { session, usd, why } = await offered("20.00");
    expect(usd).toContain("revolut");
    for (const p of ["zelle", "cashapp", "chime"]) {
      expect(usd).not.toContain(p);
      expect(why[p], p).toMatch(/^available again after \d\d:\d\d UTC$/);
    }
    await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  });
});
