import { netAfterFees } from "@/rail-local/chain";
import { eq } from "drizzle-orm";
import { type Address, createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, type Hex, http, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from "viem/accounts";
import { base } from "viem/chains";
import { encodeStoredAttestation, ORCHESTRATOR_ABI } from "@/lib/rail/zkp2p/protocol";
import type { StoredAttestation } from "@/lib/rail/zkp2p/services";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { OPERATOR, payer } from "@/lib/core/actor";
import { getConfig, resetConfigForTests } from "@/lib/core/config";
import { setMerchantEnvironment } from "@/lib/merchants/admin";
import { createMerchant } from "@/lib/merchants/service";
import { fulfillOrder } from "@/lib/orders/service";
import { startSession } from "@/lib/sessions/transitions";
import { call, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { advanceOrder, findDueRailSteps } from "@/lib/orders/rail-steps";
import { runSmokeTest } from "@/lib/rail/zkp2p/smoke-test";
import { type RailStack, startRailStack } from "@/rail-local/stack";
export type { RailStack };

/**
 * The local rail, with the service's settings pointing at it (as `npm run rail:local` prints them).
 * Its smoke test is run once, as the operator runs it before going live, so that liveMerchant's
 * go-live passes its gate (about a second: a signal and a cancel per wallet); `smokeTest: false`
 * leaves the deployment without one.
 */
export async function railUnderTest(extraEnv: Record<string, string> = {}, opts: { smokeTest?: boolean; signer?: "keys" | "remote" } = {}) {
  // signer "remote": the taker wallets sign through a remote signer, and no key is in the settings
  const stack = await startRailStack({ signer: opts.signer });
  Object.assign(process.env, stack.settings, extraEnv);
  resetConfigForTests();
  // blocks keep coming, as on Base: a transaction gathers confirmations
  let timer: NodeJS.Timeout | undefined;
  const resumeMining = () => {
    timer ??= setInterval(() => void stack.rail.mine(1).catch(() => {}), 200);
  };
  const pauseMining = () => {
    clearInterval(timer);
    timer = undefined;
  };
  resumeMining();
  const stop = async () => {
    pauseMining();
    for (const k of [...Object.keys(stack.settings), ...Object.keys(extraEnv)]) delete process.env[k];
    resetConfigForTests();
    await stack.stop();
  };
  if (opts.smokeTest !== false) {
    const smoke = await runSmokeTest(await testDb(), getConfig().liveRail!);
    if (!smoke.passed) {
      await stop();
      throw new Error(`the local rail's smoke test failed: ${JSON.stringify(smoke.results.map((r) => r.refusals))}`);
    }
  }
  return { ...stack, pauseMining, resumeMining, stop };
}
export type RailUnderTest = Awaited<ReturnType<typeof railUnderTest>>;

/** A fresh payout address of a merchant. */
export const newWallet = (): Address => privateKeyToAddress(generatePrivateKey());

export async function usdcBalance(stack: RailStack, owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  return client.readContract({ address: stack.rail.addresses.usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

/** What a release of `gross` leaves the recipient on the local chain, at the stand-ins' default fees. */
export const netOf = (gross: bigint) => netAfterFees(gross);

/** Runs the due rail steps (as the dispatcher does) until the order reaches a status, or fails. */
export async function driveUntil(db: Db, orderId: string, statuses: string[], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const id of await findDueRailSteps(db)) await advanceOrder(db, id);
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (o && statuses.includes(o.status)) return o;
    if (Date.now() > until)
      throw new Error(`order ${orderId} is ${o?.status} (${o?.failureReason ?? "no failure"}), not ${statuses.join("|")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Steps the order once, now (as a dispatcher tick would). */
export async function stepNow(id: string) {
  const db = await testDb();
  await db
    .update(orders)
    .set({ railDueAt: new Date(Date.now() - 1) })
    .where(eq(orders.id, id));
  await advanceOrder(db, id);
}

/** A merchant the operator moved to live (the rail's start-up check passes against the local chain). */
export async function liveMerchant() {
  const db = await testDb();
  const m = await createMerchant(db, { name: uniqueName("live") });
  await setMerchantEnvironment(db, m.id, "live", { actor: OPERATOR });
  return m;
}

/** A live session of a new merchant, paying out to a fresh address. */
export async function liveSession(stack: RailStack, amountUsdc = "25.00", extra: Record<string, unknown> = {}) {
  const m = await liveMerchant();
  const recipient = newWallet();
  const created = await call("POST", "/api/checkout/sessions", {
    key: m.apiKey,
    body: {
      merchantId: m.id,
      // "": a fiat-priced session (extra names its fiat amount)
      ...(amountUsdc ? { amountUsdc } : {}),
      destinationChainId: 8453,
      destinationToken: stack.rail.addresses.usdc,
      recipientAddress: recipient,
      ...extra,
    },
  });
  if (created.status !== 201) throw new Error(`session: ${created.status} ${created.text}`);
  return { m, recipient, session: created.body.responseObject.session as { id: string; environment: string } };
}

/** The payer's "Continue" on a platform. */
export async function startLive(sessionId: string, platform = "venmo", currency = "USD") {
  return startSession(await testDb(), sessionId, { paymentPlatform: platform, fiatCurrency: currency }, { actor: payer(sessionId) });
}

/** A proof in the Peer extension's shape; the attestation stand-in reads its encryptedSessionMaterial. */
export const buyerTee = (material: string, params: Record<string, unknown> = {}) => ({
  proofType: "buyerTee",
  encryptedSessionMaterial: material,
  params,
});

/** The payer's proof, as POST /api/orders/fulfill takes it. */
export async function prove(sessionId: string, intentHash: string, material = "local-ok", params: Record<string, unknown> = {}) {
  return fulfillOrder(await testDb(), { intentHash, proof: buyerTee(material, params) }, { actor: payer(sessionId) });
}

/**
 * A stranger (a funded fresh account) releases an order's intent with the attestation the order holds,
 * before the service does: fulfilment is permissionless. Returns the release's hash and who sent it.
 */
export async function releaseAsStranger(stack: RailStack, orderId: string) {
  const [o] = await (await testDb()).select().from(orders).where(eq(orders.id, orderId));
  const { attestation } = o!.railState as { attestation: StoredAttestation };
  const encoded = encodeStoredAttestation(attestation);
  const stranger = privateKeyToAccount(generatePrivateKey());
  await stack.rail.client.request({ method: "anvil_setBalance" as never, params: [stranger.address, toHex(10n ** 18n)] as never });
  const hash = await createWalletClient({ account: stranger, chain: base, transport: http(stack.rpcUrl) }).sendTransaction({
    to: stack.rail.addresses.orchestrator,
    data: encodeFunctionData({
      abi: ORCHESTRATOR_ABI,
      functionName: "fulfillIntent",
      args: [
        {
          paymentProof: encoded.paymentProof,
          intentHash: o!.intentHash as Hex,
          verificationData: encoded.verificationData,
          postIntentHookData: "0x",
        },
      ],
    }),
  });
  return { hash, stranger: stranger.address };
}
