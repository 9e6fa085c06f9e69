import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAddress } from "viem/accounts";
import { usdcFromMicro } from "../../lib/core/money";
import { netAfterFees } from "../../rail-local/chain";
import { SIGNER_MNEMONIC } from "../../rail-local/stack";
import { alive, kill, restart, type Topology } from "../../scripts/prod-like";
import { expect, handoffLinkOn, phoneContext, startReceiver, test } from "../support/fixtures";
import { topologyRail } from "../support/prod-global-setup";
import { Integration, TOKEN, topology, topologySql } from "../support/topology";

// The real rail through the production topology (Caddy → app1, app2 → PostgreSQL, plus a worker),
// whose every process runs the rail's steps: they race on each order, and the claim lets one act.
// A live payment goes through while every process is SIGKILLed twice: once between signing the
// signal and broadcasting it, once between broadcasting the release and reading its receipt. Each
// time the next process to take the order sends the stored bytes (or finds them mined): one
// transaction per step, one nonce, the USDC released once, the webhooks out. The taker wallets sign
// through a remote signer: no process of the service has a key in its environment. The payer began on
// a phone, which hands the payment off to a computer through a short link and follows it throughout.
// Where it runs: through the production topology only. Its processes race on the rail's steps and are SIGKILLed.

const run = promisify(execFile);
const PROCESSES = ["app1", "app2", "worker"] as const;

test.describe.configure({ mode: "serial" });

async function rpc(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: any; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** The faults of the topology's RPC proxy (rail-local/rpc-proxy.ts); {} clears them. */
async function rpcFaults(t: Topology, faults: Record<string, string>) {
  const res = await fetch(`${t.env.ZKP2P_RPC_URL}/__faults`, { method: "POST", body: JSON.stringify(faults) });
  expect(res.status).toBe(200);
}

/** A running process's environment, as the kernel holds it. */
function environmentOf(pid: number): Record<string, string> {
  const pairs = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
}

async function killAll(t: Topology) {
  await Promise.all(PROCESSES.map((name) => kill(t, name, "SIGKILL")));
}
async function restartAll(t: Topology) {
  for (const name of PROCESSES) await restart(t, name);
}

test("a live payment survives every process SIGKILLed between signing and broadcasting, and between broadcasting and the receipt", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const t = topology();
  const { anvilUrl: anvil, signerUrl, takerAddresses } = topologyRail();
  const sql = topologySql(t);
  const receiver = await startReceiver();
  try {
    // every process that runs the rail's steps is pointed at the signer and holds no key
    const keys = takerAddresses.map((_, i) => mnemonicToAccount(SIGNER_MNEMONIC, { addressIndex: i }).getHdKey().privateKey!);
    expect(keys.map((k) => privateKeyToAddress(`0x${Buffer.from(k).toString("hex")}`))).toEqual(takerAddresses);
    for (const name of PROCESSES) {
      const env = environmentOf(t.pids[name]!);
      expect(env, name).toMatchObject({ ZKP2P_SIGNER_URL: signerUrl, ZKP2P_TAKER_ADDRESSES: takerAddresses.join(",") });
      expect(env.ZKP2P_TAKER_KEYS, name).toBeUndefined();
      expect(env.ZKP2P_TAKER_KEYS_FILE, name).toBeUndefined();
      const all = Object.values(env).join("\n").toLowerCase();
      for (const k of keys) expect(all, name).not.toContain(Buffer.from(k).toString("hex"));
    }
    const name = `live-${crypto.randomBytes(4).toString("hex")}`;
    const shop = await Integration.signUp(t.url, name);
    // the operator runs the rail's smoke test (each taker wallet signals a small intent and cancels it),
    // then moves it live, against the topology's database; go-live checks the rail and the smoke test
    const smoke = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "smoke-test"], {
      env: { ...process.env, ...t.env },
    });
    expect(smoke.stdout).toMatch(/Smoke test smk_\w+ on chain 8453, 1\.00 USDC per wallet: PASSED/);
    const live = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "go-live", name], {
      env: { ...process.env, ...t.env },
    });
    expect(live.stdout).toContain("is now live");
    await shop.webhook(receiver.url);
    const payout = privateKeyToAddress(generatePrivateKey());
    const created = await shop.post("/api/checkout/sessions", {
      merchantId: shop.merchantId,
      amountUsdc: "12.00",
      destinationChainId: 8453,
      destinationToken: TOKEN,
      recipientAddress: payout,
      successUrl: `${t.url}/docs?paid=1`,
    });
    expect(created.status).toBe(201);
    const sessionId = created.body.responseObject.session.id as string;
    expect(created.body.responseObject.session.environment).toBe("live");

    // the payer opened the checkout on a phone: it hands off to a computer through the proxy (a short
    // link on the public origin that redirects to the checkout), and follows the payment through the
    // faults below, on whichever instance answers
    const link = `${t.url}/checkout?session=${sessionId}`;
    const phone = await phoneContext(browser);
    const phonePage = await phone.newPage();
    await phonePage.goto(link);
    await expect(phonePage.getByText("Finish this payment on a computer")).toBeVisible();
    const shortLink = await handoffLinkOn(phonePage);
    expect(shortLink.startsWith(`${t.url}/c/`)).toBe(true);
    const opened = await fetch(shortLink, { redirect: "manual" });
    expect(opened.status).toBe(307);
    expect(opened.headers.get("location")).toBe(link);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    const txs = async (kind: string) =>
      (await sql`select hash, status from chain_txs where order_id = ${orderId} and kind = ${kind} order by created_at`).map((r) => ({
        hash: r.hash as string,
        status: r.status as string,
      }));
    const orderStatus = async () => (await sql`select status from orders where id = ${orderId}`)[0]?.status as string;

    // 1. The signal is signed and written down, and held on its way to the node: every process dies.
    await rpcFaults(t, { broadcast: "timeout" });
    const started = await shop.post(`/api/checkout/sessions/${sessionId}/start`, { paymentPlatform: "venmo", fiatCurrency: "USD" });
    expect(started.status).toBe(200);
    const orderId = started.body.responseObject.order.id as string;
    expect(started.body.responseObject.order.status).toBe("SIGNAL_SUBMITTED");
    await expect.poll(() => txs("signal"), { timeout: 30_000 }).toEqual([{ hash: expect.any(String), status: "signed" }]);
    await killAll(t);
    await rpcFaults(t, {});
    const [signal] = await txs("signal");
    expect(await rpc(anvil, "eth_getTransactionByHash", [signal!.hash]), "the node never saw it").toBeNull();
    await restartAll(t);
    // once the dead process's claim runs out (ZKP2P_STEP_LEASE, 20 s here), one of the others sends those same bytes
    await expect.poll(orderStatus, { timeout: 150_000, intervals: [1_000] }).toBe("SIGNAL_MINED");
    expect(await txs("signal")).toEqual([{ hash: signal!.hash, status: "confirmed" }]);
    // signed by the remote signer, from one of its wallets
    const signalTx = await rpc(anvil, "eth_getTransactionByHash", [signal!.hash]);
    expect(takerAddresses.map((a) => a.toLowerCase())).toContain(signalTx.from.toLowerCase());
    const [order] = await sql`select intent_hash from orders where id = ${orderId}`;
    const signalReceipt = await rpc(anvil, "eth_getTransactionReceipt", [signal!.hash]);
    expect(signalReceipt.status).toBe("0x1");
    // the orchestrator's IntentSignaled carries the order's intent hash
    expect(
      signalReceipt.logs.some(
        (l: { address: string; topics: string[] }) => l.address === signalReceipt.to && l.topics.includes(order!.intent_hash),
      ),
    ).toBe(true);

    // 2. The release is broadcast, and every process dies before reading its receipt; it is mined
    //    while none is alive.
    const sent = await shop.post(`/api/checkout/sessions/${sessionId}/payment-sent`, {});
    expect(sent.status).toBe(200);
    await rpc(anvil, "evm_setIntervalMining", [0]); // the chain holds still: the release waits in the mempool
    try {
      const proven = await shop.post("/api/orders/fulfill", {
        intentHash: order!.intent_hash,
        proof: { proofType: "buyerTee", encryptedSessionMaterial: "local-ok", params: {} },
      });
      expect(proven.status, JSON.stringify(proven.body)).toBe(200);
      await expect.poll(() => txs("fulfill"), { timeout: 30_000 }).toEqual([{ hash: expect.any(String), status: "sent" }]);
      await killAll(t);
    } finally {
      await rpc(anvil, "evm_setIntervalMining", [1]);
    }
    const [release] = await txs("fulfill");
    await expect
      .poll(async () => (await rpc(anvil, "eth_getTransactionReceipt", [release!.hash]))?.status, { timeout: 15_000 })
      .toBe("0x1");
    await restartAll(t);
    await expect.poll(orderStatus, { timeout: 150_000, intervals: [1_000] }).toBe("FULFILLED");
    expect(await txs("fulfill")).toEqual([{ hash: release!.hash, status: "confirmed" }]);
    expect(await txs("signal")).toHaveLength(1);

    const chain = createPublicClient({ transport: http(anvil) });
    // the payer paid exactly: the fees came out of the release once, and the session is complete
    expect(await chain.readContract({ address: TOKEN as Address, abi: erc20Abi, functionName: "balanceOf", args: [payout] })).toBe(
      netAfterFees(12_000_000n),
    );
    const session = await shop.get(`/api/checkout/sessions/${sessionId}`);
    expect(session.body.responseObject.status).toBe("COMPLETED");
    expect(session.body.responseObject.activeOrder).toMatchObject({
      grossAmountUsdc: "12.00",
      netAmountUsdc: usdcFromMicro(netAfterFees(12_000_000n)),
      fees: { totalUsdc: usdcFromMicro(12_000_000n - netAfterFees(12_000_000n)) },
    });
    await expect
      .poll(() => receiver.types(), { timeout: 60_000 })
      .toEqual(expect.arrayContaining(["session.started", "order.created", "order.payment_sent", "order.fulfilled", "session.completed"]));
    expect(receiver.types().filter((type) => type === "order.fulfilled")).toHaveLength(1);
    // the phone shows the receipt, then the shop's success page; the short link has ended with the session
    await expect(phonePage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 30_000 });
    await phonePage.waitForURL(`${t.url}/docs?paid=1`);
    await phone.close();
    const ended = await fetch(shortLink, { redirect: "manual" });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain("This checkout link has ended");
  } finally {
    await rpcFaults(t, {}).catch(() => {});
    await rpc(anvil, "evm_setIntervalMining", [1]).catch(() => {});
    // a failure half-way leaves none of them dead for the tests after this one
    for (const name of PROCESSES) if (!alive(t.pids[name])) await restart(t, name);
    await receiver.close();
    await sql.end();
  }
});
