import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import { devices } from "@playwright/test";
import postgres from "postgres";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { formatUsdc } from "../lib/money";
import { netAfterFees } from "../rail-local/chain";
import { startRailStack } from "../rail-local/stack";
import { CheckoutPage } from "./pages/checkout-page";
import { OwnServer } from "./support/server";
import { checkScreen, expect, startReceiver, test } from "./support/fixtures";

// The whole real-rail journey as a deployment runs it: `npm run rail:local`'s stack, the built service
// started with the settings it prints (on PostgreSQL, so that the operator's command line shares the
// database), the operator moving the merchant live, and the payer in Chromium. The service's own
// dispatchers carry the order's on-chain steps; nothing here calls them.
// Where it runs: directly. It starts the rail's stack and a service of its own on PostgreSQL as
// `npm run rail:local` and `npm start` do; the rail through the topology, its processes racing and
// killed, is e2e/prod/real-rail.spec.ts.

const run = promisify(execFile);

/**
 * The Peer extension as the page sees it: `window.peer` with the SDK's extension API. It starts
 * disconnected, connects when asked, and answers authenticate with the payment it "read" on the
 * platform: the order's amount to the order's payee, sealed as the attestation stand-in's "local-ok".
 */
function PEER_STAND_IN(paid: { amount: string; recipient: string }) {
  let connected = sessionStorage.getItem("peer-connected") === "1";
  const listeners: ((m: unknown) => void)[] = [];
  const w = window as unknown as { peer: unknown; __peerCalls: unknown[] };
  w.__peerCalls = [];
  w.peer = {
    checkConnectionStatus: async () => (connected ? "connected" : "disconnected"),
    requestConnection: async () => {
      connected = true;
      sessionStorage.setItem("peer-connected", "1");
      return true;
    },
    getVersion: async () => "0.6.2",
    onMetadataMessage: (cb: (m: unknown) => void) => {
      listeners.push(cb);
      return () => listeners.splice(listeners.indexOf(cb), 1);
    },
    authenticate: (params: { platform: string }) => {
      w.__peerCalls.push(params);
      setTimeout(() => {
        for (const cb of [...listeners])
          cb({
            platform: params.platform,
            requestId: "req-1",
            expiresAt: Date.now() + 600_000,
            metadata: [
              { amount: "-5.00", currency: "USD", recipient: "@someone-else", hidden: false, originalIndex: 0, params: { id: "other" } },
              {
                amount: `-${paid.amount}`,
                currency: "USD",
                recipient: paid.recipient,
                hidden: false,
                originalIndex: 1,
                params: { id: "this-one" },
              },
            ],
            buyerTeeCapture: { encryptedSessionMaterial: "local-ok", params: [{ id: "other" }, { id: "this-one" }] },
          });
      }, 300);
    },
  };
}
const PG = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Service = {
  base: string;
  /** the service's settings, for the operator's command line */
  env: Record<string, string>;
  rail: { rpcUrl: string; usdc: string; payees: Record<string, string>; attestationUrl: string };
  close(): Promise<void>;
};

/** `npm run rail:local`'s stack and the built service started with its settings, on a fresh PostgreSQL database. */
async function liveService(): Promise<Service> {
  const stack = await startRailStack({ blockTime: 1 });
  const admin = postgres(PG, { max: 1, onnotice: () => {} });
  const dbName = `e2e_rail_${crypto.randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(PG);
  url.pathname = `/${dbName}`;
  const env = {
    ...stack.settings,
    DATABASE_URL: url.toString(),
    APP_SECRET: "e2e-rail-app-secret",
    NEXTAUTH_SECRET: "e2e-rail-nextauth-secret",
    RATE_LIMIT_MULTIPLIER: "5",
  };
  const server = new OwnServer(env);
  const close = async () => {
    await server.kill();
    await stack.stop();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  };
  try {
    await server.start();
  } catch (err) {
    await close();
    throw err;
  }
  return {
    base: server.base,
    env,
    rail: {
      rpcUrl: stack.rpcUrl,
      usdc: stack.rail.addresses.usdc,
      payees: stack.rail.payees,
      attestationUrl: stack.settings.ZKP2P_ATTESTATION_URL!,
    },
    close,
  };
}

test.describe("a live payment through the built service", () => {
  test("reserves on-chain before showing the payee, and releases USDC to the merchant when the proof holds", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const service = await liveService();
    const receiver = await startReceiver();
    try {
      const signup = await (
        await fetch(`${service.base}/api/merchants`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: `live-${crypto.randomBytes(4).toString("hex")}`, displayName: "Live Shop" }),
        })
      ).json();
      const m = signup.responseObject as { id: string; name: string; apiKey: string };
      // the operator moves it live; the command checks the rail against the chain first
      const live = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "go-live", m.name], {
        env: { ...process.env, ...service.env },
      });
      expect(live.stdout).toContain("is now live");

      const key = { "x-api-key": m.apiKey, "content-type": "application/json" };
      await fetch(`${service.base}/api/webhooks`, { method: "POST", headers: key, body: JSON.stringify({ url: receiver.url }) });
      const payout = privateKeyToAddress(generatePrivateKey());
      const created = await (
        await fetch(`${service.base}/api/checkout/sessions`, {
          method: "POST",
          headers: key,
          body: JSON.stringify({
            merchantId: m.id,
            amountUsdc: "30.00",
            destinationChainId: 8453,
            destinationToken: service.rail.usdc,
            recipientAddress: payout,
          }),
        })
      ).json();
      const session = created.responseObject.session as { id: string; environment: string };
      expect(session.environment).toBe("live");

      const checkout = new CheckoutPage(page);
      const link = `${service.base}/checkout?session=${session.id}`;

      // without the extension, the page says so and reserves nothing
      await checkout.open(link);
      await expect(page.getByText("Sandbox:")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "30.00 USDC" })).toBeVisible();
      await expect(page.getByText("Install the Peer extension to pay")).toBeVisible();
      await page.getByRole("radio", { name: /Venmo/ }).check();
      await expect(page.getByRole("button", { name: "Continue with Venmo" })).toBeDisabled();
      await checkScreen(page, testInfo, "0-needs-install");

      // a phone cannot run the extension: it is told to open the page in desktop Chrome
      const iphone = devices["iPhone 13"];
      const phone = await browser.newContext({ userAgent: iphone.userAgent, viewport: iphone.viewport, isMobile: true, hasTouch: true });
      const phonePage = await phone.newPage();
      await phonePage.goto(link);
      await expect(phonePage.getByText("This browser cannot confirm the payment")).toBeVisible();
      await checkScreen(phonePage, testInfo, "0-unsupported-phone");
      await phone.close();

      // with it (a stand-in answering the SDK's extension API as Peer does), connected once, then continue
      await page.addInitScript(PEER_STAND_IN, { amount: "30.60", recipient: service.rail.payees.venmo! });
      await checkout.open(link);
      await expect(page.getByRole("button", { name: "Connect Peer" })).toBeVisible();
      await page.getByRole("button", { name: "Connect Peer" }).click();
      await expect(page.getByText("The Peer extension is connected")).toBeVisible();
      await page.getByLabel("Currency").selectOption("USD");
      await page.getByRole("radio", { name: /Venmo/ }).check();
      await page.getByRole("button", { name: "Continue with Venmo" }).click();
      // the payee is not shown before the funds are locked on-chain
      await expect(checkout.heading("Reserving your payment")).toBeVisible();
      await expect(page.getByText(service.rail.payees.venmo!)).toHaveCount(0);
      await checkScreen(page, testInfo, "1-reserving");
      await expect(checkout.heading("Send the payment with Venmo")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(service.rail.payees.venmo!)).toBeVisible();
      await expect(page.getByText("$30.60")).toBeVisible(); // 30.00 USDC at 1.02 USD per USDC
      await checkScreen(page, testInfo, "2-pay");
      await checkout.paymentSent();

      // the extension reads the payment; the page sends the proof (the attestation stand-in accepts "local-ok")
      await page.getByRole("button", { name: "Confirm my Venmo payment with Peer" }).click();
      const calls = await page.evaluate(() => (window as unknown as { __peerCalls: unknown[] }).__peerCalls);
      expect(calls).toEqual([
        {
          platform: "venmo",
          actionType: "transfer_venmo",
          captureMode: "buyerTee",
          attestationServiceUrl: service.rail.attestationUrl,
        },
      ]);
      await expect(checkout.heading("Payment complete")).toBeVisible({ timeout: 60_000 });
      // the release, linked to the chain's explorer
      const release = page.getByRole("link", { name: /^0x[0-9a-f]{64} \(block explorer, opens in a new tab\)$/ });
      await expect(release).toHaveAttribute("href", /^https:\/\/basescan\.org\/tx\/0x[0-9a-f]{64}$/);
      await checkScreen(page, testInfo, "3-receipt");
      const chain = createPublicClient({ transport: http(service.rail.rpcUrl) });
      expect(
        await chain.readContract({ address: service.rail.usdc as Address, abi: erc20Abi, functionName: "balanceOf", args: [payout] }),
      ).toBe(netAfterFees(30_000_000n)); // the payer paid exactly; V3's fees came out of the release, the merchant's to bear
      await expect
        .poll(() => receiver.types(), { timeout: 30_000 })
        .toEqual(
          expect.arrayContaining(["session.started", "order.created", "order.payment_sent", "order.fulfilled", "session.completed"]),
        );
      // the webhook tells the merchant what was released, what the fees took and what it received
      const fulfilled = receiver.events().find((e) => e.type === "order.fulfilled")!;
      expect(fulfilled.order).toMatchObject({
        grossAmountUsdc: "30.00",
        netAmountUsdc: formatUsdc(netAfterFees(30_000_000n)),
        fees: { totalUsdc: formatUsdc(30_000_000n - netAfterFees(30_000_000n)) },
      });
    } finally {
      await receiver.close();
      await service.close();
    }
  });
});
