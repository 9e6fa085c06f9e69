import { eq } from "drizzle-orm";
import { type Address, createPublicClient, http, toHex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chainTxs, merchants, railSmokeTests, takerWallets } from "@/db/schema";
import { listAudit } from "@/lib/audit";
import { OPERATOR } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { setMerchantEnvironment } from "@/lib/merchants/admin";
import { createMerchant } from "@/lib/merchants/service";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { runSmokeTest, type SmokeReport, walletsKey } from "@/lib/rail/zkp2p/smoke-test";
import { TIER_GUIDE } from "@/rail-local/curator";
import { uniqueName } from "../support/api";
import { runAdmin } from "../support/admin-cli";
import { testDb } from "../support/db";
import { railUnderTest } from "./support";

// The smoke test an operator runs before the first merchant goes live (`npm run admin -- smoke-test`):
// each taker wallet quoted, signalled and cancelled on the local chain, and go-live's gate on it.

let stack: Awaited<ReturnType<typeof railUnderTest>>;
beforeAll(async () => {
  // no smoke test yet: this file runs its own
  stack = await railUnderTest({}, { smokeTest: false });
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  stack.curator.faults.clear();
});

const settings = () => getConfig().liveRail!;
const wallets = () => settings().takerKeys.addresses as Address[];
const client = () => createPublicClient({ transport: http(stack.rpcUrl) });
const nonces = () => Promise.all(wallets().map((address) => client().getTransactionCount({ address })));
const balance = (address: Address) => client().getBalance({ address });
const setBalance = (address: Address, wei: bigint) =>
  client().request({ method: "anvil_setBalance" as never, params: [address, toHex(wei)] as never });

async function newMerchant() {
  return createMerchant(await testDb(), { name: uniqueName("smoke") });
}
const goLive = async (id: string, opts: { withoutSmokeTest?: string } = {}) =>
  setMerchantEnvironment(await testDb(), id, "live", { actor: OPERATOR }, opts);
const environmentOf = async (id: string) =>
  (await (await testDb()).select({ environment: merchants.environment }).from(merchants).where(eq(merchants.id, id)))[0]!.environment;

/** Every wallet free, the deposit's liquidity as it was, nothing in the orders' transaction journal. */
async function expectNothingLeftBehind(liquidityBefore: bigint) {
  const db = await testDb();
  const rows = await db.select().from(takerWallets);
  expect(rows.filter((w) => w.orderId !== null)).toEqual([]);
  expect(await stack.rail.depositLiquidity()).toBe(liquidityBefore);
  expect(await db.select().from(chainTxs)).toEqual([]);
}

describe("the rail's smoke test", () => {
  it("go-live is refused before any smoke test has passed, naming the command to run", async () => {
    const m = await newMerchant();
    await expect(goLive(m.id)).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("npm run admin -- smoke-test") });
    expect(await environmentOf(m.id)).toBe("sandbox");
  });

  it("passes on the local rail: each wallet's tier, quote, signal and cancel with their gas, and its ETH left; nothing is left held", async () => {
    const db = await testDb();
    const liquidity = await stack.rail.depositLiquidity();
    const noncesBefore = await nonces();
    const report = await runSmokeTest(db, settings());

    expect(report.passed, JSON.stringify(report.results.map((r) => r.refusals))).toBe(true);
    expect(report.results.map((r) => r.address)).toEqual(wallets());
    for (const r of report.results) {
      expect(r).toMatchObject({ passed: true, refusals: [], tier: "PRO", low: false });
      // a platform without a cooldown, so the test does not start the wallet's 12-hour one
      expect(r.quote).toMatchObject({ platform: "revolut", currency: "USD", depositId: "1" });
      expect(Number(r.signal!.gasUsed)).toBeGreaterThan(21_000);
      expect(Number(r.cancel!.gasUsed)).toBeGreaterThan(21_000);
      // the intent the signal made is gone: the cancel took it
      expect(await new RailChain(settings()).intentOf(r.signal!.intentHash)).toBeNull();
      // what it reports is what the chain holds: 10 ETH less the two transactions' fees
      const left = await balance(r.address);
      expect(BigInt(r.balanceWei!)).toBe(left);
      expect(left).toBe(10n ** 19n - BigInt(r.signal!.feeWei) - BigInt(r.cancel!.feeWei));
    }
    // two transactions per wallet went to the chain
    expect(await nonces()).toEqual(noncesBefore.map((n) => n + 2));
    await expectNothingLeftBehind(liquidity);

    // recorded for this chain and these wallets
    const [row] = await db.select().from(railSmokeTests).where(eq(railSmokeTests.id, report.id));
    expect(row).toMatchObject({ chainId: 8453, wallets: walletsKey(wallets()), passed: true });
    expect((row!.report as { results: unknown[] }).results).toHaveLength(wallets().length);

    // and now a merchant may go live, on this test's word
    const m = await newMerchant();
    const live = await goLive(m.id);
    expect(live).toMatchObject({ changed: true, smokeTest: report.id });
    expect(await environmentOf(m.id)).toBe("live");
  });

  it("fails when the gating service refuses the wallets, and go-live is refused again until one passes", async () => {
    const db = await testDb();
    const liquidity = await stack.rail.depositLiquidity();
    stack.curator.faults.set("sign", "refuse");
    const report = await runSmokeTest(db, settings());
    expect(report.passed).toBe(false);
    for (const r of report.results) {
      expect(r.passed).toBe(false);
      expect(r.refusals).toEqual([expect.stringContaining("refused by the gating service")]);
      // it got as far as the quote, and sent nothing
      expect(r.quote?.platform).toBe("revolut");
      expect(r.signal).toBeNull();
    }
    await expectNothingLeftBehind(liquidity);

    const m = await newMerchant();
    await expect(goLive(m.id)).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/latest smoke test .* failed/) });
    expect(await environmentOf(m.id)).toBe("sandbox");
  });

  it("fails a wallet without ETH, and one whose tier takes the amount nowhere, and tests the others", async () => {
    const db = await testDb();
    const [broke, locked] = wallets();
    const kept = await balance(broke!);
    await setBalance(broke!, 0n);
    // every platform locked for it (curator's answer says so platform by platform)
    stack.curator.setTier(locked!, { tier: "PEASANT", caps: Object.fromEntries(TIER_GUIDE.map((g) => [g.platform, "locked"])) });
    try {
      const report = await runSmokeTest(db, settings());
      expect(report.passed).toBe(false);
      const [a, b, c] = report.results;
      expect(a).toMatchObject({ passed: false, signal: null, balanceWei: "0", low: true });
      expect(a!.refusals).toEqual(["it holds no ETH to pay for gas", expect.stringContaining("below ZKP2P_MIN_WALLET_ETH")]);
      expect(b).toMatchObject({ passed: false, tier: "PEASANT", signal: null });
      expect(b!.refusals).toEqual([expect.stringContaining("its tier (PEASANT) takes 1.00 USDC on no platform")]);
      expect(c).toMatchObject({ passed: true, refusals: [] });
      expect(c!.cancel).not.toBeNull();
    } finally {
      await setBalance(broke!, kept);
      stack.curator.setTier(locked!, null);
    }
  });

  it("does not test a wallet that holds an order's intent, and fails for it", async () => {
    const db = await testDb();
    const [busy] = wallets();
    await db.update(takerWallets).set({ orderId: "ord_held" }).where(eq(takerWallets.address, busy!.toLowerCase()));
    try {
      const report = await runSmokeTest(db, settings());
      expect(report.passed).toBe(false);
      expect(report.results[0]).toMatchObject({ passed: false, signal: null, quote: null });
      expect(report.results[0]!.refusals).toEqual([expect.stringContaining("it holds ord_held")]);
      expect(report.results.slice(1).every((r) => r.passed)).toBe(true);
      // the order keeps its wallet
      const [row] = await db.select().from(takerWallets).where(eq(takerWallets.address, busy!.toLowerCase()));
      expect(row!.orderId).toBe("ord_held");
    } finally {
      await db.update(takerWallets).set({ orderId: null }).where(eq(takerWallets.address, busy!.toLowerCase()));
    }
  });

  it("the operator may go live without a passed smoke test by giving a reason, which the audit trail keeps", async () => {
    const db = await testDb();
    const m = await newMerchant();
    await expect(goLive(m.id, { withoutSmokeTest: "  " })).rejects.toMatchObject({ code: "CONFLICT" });
    const reason = "tested by hand on Base with one wallet (ticket 812)";
    const live = await goLive(m.id, { withoutSmokeTest: reason });
    expect(live).toMatchObject({ changed: true, smokeTest: null });
    expect(await environmentOf(m.id)).toBe("live");
    const trail = await listAudit(db, m.id, { action: "account.live-without-smoke-test" });
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorKind: "operator", details: { reason, chainId: 8453, wallets: walletsKey(wallets()) } });
    expect((trail[0]!.details as { latestSmokeTest: string }).latestSmokeTest).toMatch(/^smk_/);
  });
});

// the command line runs in a process of its own: it reaches this file's database only on PostgreSQL
describe.skipIf(process.env.TEST_DB !== "postgres")("npm run admin -- smoke-test and go-live", () => {
  const admin = (...args: string[]) => runAdmin({ ...process.env, LOG_LEVEL: "" }, ...args);

  it("prints each wallet's result and exits 1 when a wallet is refused; go-live then needs a reason, which is audited", async () => {
    stack.curator.faults.set("sign", "refuse");
    const failed = await admin("smoke-test");
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stdout).toMatch(/Smoke test smk_\w+ on chain 8453, 1\.00 USDC per wallet: FAILED/);
    for (const w of wallets()) expect(failed.stdout).toMatch(new RegExp(`${w}: refused by the gating service`));
    stack.curator.faults.clear();

    const m = await newMerchant();
    const refused = await admin("go-live", m.name);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("npm run admin -- smoke-test");
    const forced = await admin("go-live", m.name, "--without-smoke-test", "first shop, checked by hand");
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("is now live");
    const trail = await listAudit(await testDb(), m.id, {});
    expect(trail.map((a) => [a.action, a.details])).toEqual(
      expect.arrayContaining([
        ["account.went-live", { withoutSmokeTest: "first shop, checked by hand" }],
        ["account.live-without-smoke-test", expect.objectContaining({ reason: "first shop, checked by hand" })],
      ]),
    );
  });

  it("passes with --json, and go-live then records which smoke test it went live on", async () => {
    const run = await admin("smoke-test", "--json");
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as SmokeReport;
    expect(report).toMatchObject({ passed: true, chainId: 8453, wallets: walletsKey(wallets()) });
    expect(report.results.every((r) => Number(r.signal?.gasUsed) > 0 && Number(r.cancel?.gasUsed) > 0)).toBe(true);

    const m = await newMerchant();
    const live = await admin("go-live", m.name);
    expect(live.code, live.stderr).toBe(0);
    const [went] = await listAudit(await testDb(), m.id, { action: "account.went-live" });
    expect(went!.details).toEqual({ smokeTest: report.id });
  });
});
