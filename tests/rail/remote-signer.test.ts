import { type Address, createPublicClient, type Hex, http, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payer } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { RemoteSignerWallets } from "@/lib/core/config/live-rail";
import { preflightLiveRail } from "@/lib/rail/zkp2p/preflight";
import { markPaymentSent } from "@/lib/sessions/transitions";
import { SIGNER_MNEMONIC } from "@/rail-local/stack";
import { testDb } from "../support/db";
import { driveUntil, liveSession, netOf, prove, railUnderTest, startLive, usdcBalance } from "./support";

// A live payment whose transactions are signed by a remote signer: a second anvil, not the chain's
// node, holds the taker wallets as its own accounts and answers eth_signTransaction, as Web3Signer
// does in production. The service is given the signer's URL and the wallets' addresses, never a key.

let stack: Awaited<ReturnType<typeof railUnderTest>>;
beforeAll(async () => {
  stack = await railUnderTest({}, { signer: "remote" });
});
afterAll(async () => {
  await stack?.stop();
});

/** The private keys the signer holds: they must be nowhere in the service's settings. */
const signerKeys = (count: number): Hex[] =>
  Array.from({ length: count }, (_, i) => toHex(mnemonicToAccount(SIGNER_MNEMONIC, { addressIndex: i }).getHdKey().privateKey!));

describe("a live payment signed by a remote signer", () => {
  it("runs with the signer's URL and the wallets' addresses, and no key anywhere in the environment", async () => {
    expect(stack.signer).not.toBeNull();
    expect(process.env.ZKP2P_TAKER_KEYS).toBeUndefined();
    expect(process.env.ZKP2P_TAKER_KEYS_FILE).toBeUndefined();
    expect(process.env.ZKP2P_SIGNER_URL).toBe(stack.signer!.url);
    const takers = getConfig().liveRail!.takerKeys;
    expect(takers).toBeInstanceOf(RemoteSignerWallets);
    expect(takers.addresses).toEqual(stack.takerAddresses);
    expect(takers.addresses).toHaveLength(3);
    const environment = Object.values(process.env).join("\n").toLowerCase();
    for (const key of [...signerKeys(3), ...stack.rail.takerKeys]) expect(environment).not.toContain(key.slice(2).toLowerCase());
    // the wallets are the signer's own accounts, and the chain's node cannot sign for them
    const accounts = async (url: string) =>
      ((await createPublicClient({ transport: http(url) }).request({ method: "eth_accounts" as never })) as string[]).map((a) =>
        a.toLowerCase(),
      );
    expect(await accounts(stack.signer!.url)).toEqual(stack.takerAddresses.map((a) => a.toLowerCase()));
    for (const a of stack.takerAddresses) expect(await accounts(stack.rpcUrl)).not.toContain(a.toLowerCase());
  });

  it("signals from a signer's wallet, is proven, and releases the net to the merchant", async () => {
    const db = await testDb();
    const { recipient, session } = await liveSession(stack, "25.00");
    const started = await startLive(session.id);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    const client = createPublicClient({ transport: http(stack.rpcUrl) });
    const signal = await client.getTransaction({ hash: mined.signalTx as Hex });
    expect(stack.takerAddresses.map((a) => a.toLowerCase())).toContain(signal.from.toLowerCase());

    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    const before = await usdcBalance(stack, recipient);
    expect((await prove(session.id, mined.intentHash!)).order.status).toBe("PROOF_VERIFIED");
    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(before + netOf(25_000_000n));
    const release = await client.getTransaction({ hash: done.fulfillTx as Hex });
    expect(release.from.toLowerCase()).toBe(signal.from.toLowerCase());
  });

  it("is checked at start-up: a wallet the signer does not hold is named", async () => {
    const settings = getConfig().liveRail!;
    expect((await preflightLiveRail(settings)).problems).toEqual([]);
    const stranger = mnemonicToAccount(SIGNER_MNEMONIC, { addressIndex: 7 }).address as Address;
    const takers = settings.takerKeys as RemoteSignerWallets;
    const report = await preflightLiveRail({
      ...settings,
      takerKeys: new RemoteSignerWallets(takers.url, [...takers.addresses, stranger]),
    });
    expect(report.problems).toEqual([
      `ZKP2P_TAKER_ADDRESSES: the signer at ${new URL(takers.url).host} does not hold ${stranger} (eth_accounts does not list it)`,
    ]);
  });
});
