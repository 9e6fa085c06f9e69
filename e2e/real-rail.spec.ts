import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import postgres from "postgres";
import { type Address, createPublicClient, createWalletClient, erc20Abi, http, toHex } from "viem";
import { base } from "viem/chains";
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from "viem/accounts";
import { usdcFromMicro } from "../lib/core/money";
import { netAfterFees } from "../rail-local/chain";
import { startRailStack } from "../rail-local/stack";
import { CheckoutPage } from "./pages/checkout-page";
import { OwnServer } from "./support/server";
import { checkScreen, expect, handoffLinkOn, phoneContext, startReceiver, test } from "./support/fixtures";

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
function PEER_STAND_IN(paid: {
  amount: string;
  recipient: string;
  /** the extension's version (0.6.3 unless a test says otherwise) */
  version?: string;
  /** the payment history it reads instead of the default (another payment, then the order's) */
  rows?: { amount: string; recipient: string; id: string }[];
}) {
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
    getVersion: async () => paid.version ?? "0.6.3",
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
            metadata: (
              paid.rows ?? [
                { amount: "-5.00", recipient: "@someone-else", id: "other" },
                { amount: `-${paid.amount}`, recipient: paid.recipient, id: "this-one" },
              ]
            ).map((r, i) => ({
              amount: r.amount,
              currency: "USD",
              recipient: r.recipient,
              date: `2026-11-2${i} 10:0${i}`,
              hidden: false,
              originalIndex: i,
              params: { id: r.id },
            })),
            buyerTeeCapture: { encryptedSessionMaterial: "local-ok", params: [] },
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
  /** what the attestation stand-in was asked: each proof's route and row parameters */
  attested: { platform: string; actionType: string; params: Record<string, unknown> }[];
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
    APP_SECRET: "9nKmfER8AclAIKGdpgv97exVrwGj-RZ9sdY9ygbwAW4",
    NEXTAUTH_SECRET: "8eFBFn6ajYnPmJ-jaf90NtJTrqh7Bk_lzFAzLEPhnx8",
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
    attested: stack.attestation.received,
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
      // the operator moves the merchant live; the command checks the rail against the chain first
      const m = await liveMerchant(service);
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
      // the page saves the payer's choice in the background (a server action); the phone below is
      // opened once it is stored, as a payer picking up their phone would find it
      const choiceSaved = page.waitForResponse(
        (r) => r.request().method() === "POST" && !!r.request().postData()?.includes('"paymentPlatform"'),
      );
      await page.getByRole("radio", { name: /Venmo/ }).check();
      expect((await choiceSaved).ok()).toBe(true);
      await expect(page.getByRole("button", { name: "Continue with Venmo" })).toBeDisabled();
      await checkScreen(page, testInfo, "0-needs-install");

      // a phone cannot run the extension: before anything is reserved, it is given a short link and its
      // QR code that open this checkout on a computer, and it keeps following the payment made there
      const phone = await phoneContext(browser);
      const phonePage = await phone.newPage();
      await phonePage.goto(link);
      await expect(phonePage.getByText("Finish this payment on a computer")).toBeVisible();
      // the app chosen on the computer above shows here too, and nothing can be started from the phone
      await expect(phonePage.getByRole("button", { name: "Continue with Venmo" })).toBeDisabled();
      const shortLink = await handoffLinkOn(phonePage);
      await checkScreen(phonePage, testInfo, "0-unsupported-phone");

      // on the computer, with the extension (a stand-in answering the SDK's extension API as Peer
      // does): the short link opens the same checkout; connected once, then continue
      await page.addInitScript(PEER_STAND_IN, { amount: "30.60", recipient: service.rail.payees.venmo! });
      await page.goto(shortLink);
      await expect(page).toHaveURL(link);
      await expect(page.getByRole("button", { name: "Connect Peer" })).toBeVisible();
      await page.getByRole("button", { name: "Connect Peer" }).click();
      await expect(page.getByText("The Peer extension is connected")).toBeVisible();
      await page.getByLabel("Currency").selectOption("USD");
      await page.getByRole("radio", { name: /Venmo/ }).check();
      await page.getByRole("button", { name: "Continue with Venmo" }).click();
      // the payee is not shown before the funds are locked on-chain
      await expect(checkout.heading("Reserving your payment")).toBeVisible();
      await expect(page.getByText(service.rail.payees.venmo!)).toHaveCount(0);
      // the start carried the page's proof of work, solved in the background while the payer chose
      const worked = await page.evaluate(() => performance.getEntriesByName("checkout:proof-of-work").map((e) => e.duration));
      expect(worked).toHaveLength(1);
      testInfo.annotations.push({ type: "proof of work", description: `${Math.round(worked[0]!)} ms in Chromium` });
      console.log(`proof of work: ${Math.round(worked[0]!)} ms in Chromium`);
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
      // the phone the payer started on shows the receipt too
      await expect(phonePage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 30_000 });
      await phone.close();
      // the session has ended: its short link leads nowhere now
      await page.goto(shortLink);
      await expect(page.getByRole("heading", { name: "This checkout link has ended" })).toBeVisible();
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
        netAmountUsdc: usdcFromMicro(netAfterFees(30_000_000n)),
        fees: { totalUsdc: usdcFromMicro(30_000_000n - netAfterFees(30_000_000n)) },
      });
    } finally {
      await receiver.close();
      await service.close();
    }
  });
});

/** A merchant of the service, moved live by the operator's commands: the rail's smoke test, then go-live. */
async function liveMerchant(service: Service) {
  // a failed command's error names only the command: its report (stdout) says which wallet and why
  const smoke = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "smoke-test"], {
    env: { ...process.env, ...service.env },
  }).catch((err: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`${err.message}\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
  });
  expect(smoke.stdout).toMatch(/Smoke test smk_\w+ on chain 8453, 1\.00 USDC per wallet: PASSED/);
  const signup = await (
    await fetch(`${service.base}/api/merchants`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `live-${crypto.randomBytes(4).toString("hex")}`, displayName: "Live Shop" }),
    })
  ).json();
  const m = signup.responseObject as { id: string; name: string; apiKey: string };
  const live = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "go-live", m.name], {
    env: { ...process.env, ...service.env },
  });
  expect(live.stdout).toContain("is now live");
  return {
    ...m,
    /** a live session's checkout link */
    session: async (amountUsdc: string) => {
      const created = await (
        await fetch(`${service.base}/api/checkout/sessions`, {
          method: "POST",
          headers: { "x-api-key": m.apiKey, "content-type": "application/json" },
          body: JSON.stringify({
            merchantId: m.id,
            amountUsdc,
            destinationChainId: 8453,
            destinationToken: service.rail.usdc,
            recipientAddress: privateKeyToAddress(generatePrivateKey()),
          }),
        })
      ).json();
      return `${service.base}/checkout?session=${created.responseObject.session.id}`;
    },
  };
}

test.describe("the payer's proof, the way the Peer extension takes it", () => {
  test("an old extension is told to update; Zelle is proven from each bank; a history with two payments of the amount lets the payer pick", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);
    const service = await liveService();
    try {
      const m = await liveMerchant(service);
      const zellePayee = service.rail.payees.zelle!;
      /** A payer's browser with the extension stand-in, connected to the checkout. */
      const payerWith = async (extension: Parameters<typeof PEER_STAND_IN>[0]) => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(PEER_STAND_IN, extension);
        return { context, page, checkout: new CheckoutPage(page) };
      };

      // an extension older than 0.6.3: nothing can be reserved until it is updated
      const old = await payerWith({ amount: "10.20", recipient: zellePayee, version: "0.5.4" });
      await old.checkout.open(await m.session("10.00"));
      await expect(old.page.getByText("Update the Peer extension to pay")).toBeVisible();
      await expect(old.page.getByText("Your Peer extension is version 0.5.4; paying here needs 0.6.3 or later")).toBeVisible();
      await old.page.getByLabel("Currency").selectOption("USD");
      await old.page.getByRole("radio", { name: /Zelle/ }).check();
      await expect(old.page.getByRole("button", { name: "Continue with Zelle" })).toBeDisabled();
      await checkScreen(old.page, testInfo, "proof-0-update-extension");
      await old.context.close();

      const banks = [
        { id: "bofa", label: "Bank of America", rows: undefined },
        // the history has two payments of the amount, one named as the bank shows the payee: the payer picks
        {
          id: "chase",
          label: "Chase",
          rows: [
            { amount: "-10.20", recipient: "Someone Else", id: "not-mine" },
            { amount: "-10.20", recipient: "LOCAL MAKER", id: "mine" },
          ],
        },
        { id: "citi", label: "Citi", rows: undefined },
      ];
      for (const bank of banks) {
        const payer = await payerWith({ amount: "10.20", recipient: zellePayee, rows: bank.rows });
        const { page, checkout } = payer;
        await checkout.open(await m.session("10.00"));
        await page.getByRole("button", { name: "Connect Peer" }).click();
        await expect(page.getByText("The Peer extension is connected")).toBeVisible();
        await page.getByLabel("Currency").selectOption("USD");
        await page.getByRole("radio", { name: /Zelle/ }).check();
        await page.getByRole("button", { name: "Continue with Zelle" }).click();
        await expect(checkout.heading("Send the payment with Zelle")).toBeVisible({ timeout: 30_000 });
        await checkout.paymentSent();
        // the bank first: asking without one says so
        await page.getByRole("button", { name: "Confirm my Zelle payment with Peer" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Choose the bank you paid from." })).toBeVisible();
        await page.getByLabel("The bank you sent the Zelle payment from").selectOption({ label: bank.label });
        await page.getByRole("button", { name: "Confirm my Zelle payment with Peer" }).click();
        if (bank.rows) {
          await expect(page.getByRole("group", { name: "Which of these is your payment?" })).toBeVisible();
          await checkScreen(page, testInfo, "proof-1-pick-row");
          await expect(page.getByRole("button", { name: "Confirm this payment" })).toBeDisabled();
          await page.getByRole("radio", { name: /LOCAL MAKER/ }).check();
          await page.getByRole("button", { name: "Confirm this payment" }).click();
        }
        await expect(checkout.heading("Payment complete")).toBeVisible({ timeout: 60_000 });
        const calls = await page.evaluate(() => (window as unknown as { __peerCalls: { actionType: string }[] }).__peerCalls);
        expect(calls.map((c) => c.actionType)).toEqual([`transfer_zelle_${bank.id}`]);
        const asked = service.attested.at(-1)!;
        expect(asked).toMatchObject({ platform: "zelle", actionType: `transfer_zelle_${bank.id}` });
        // the row the payer picked, with its index, is what the attestation service was asked about
        if (bank.rows) expect(asked.params).toEqual({ id: "mine", index: 1 });
        await payer.context.close();
      }
    } finally {
      await service.close();
    }
  });
});

/** The browser's wallet (EIP-1193), as MetaMask injects it: each request goes to the test, which answers for the local chain's account. */
function WALLET_STAND_IN() {
  const w = window as unknown as { ethereum: unknown; __wallet: (method: string, params: unknown) => Promise<unknown> };
  w.ethereum = {
    isMetaMask: true,
    request: ({ method, params }: { method: string; params?: unknown }) => w.__wallet(method, params ?? []),
  };
}

test.describe("a refund through the built service", () => {
  test("the merchant refunds part of a live payment, the payer claims it from the keyboard, the merchant's browser wallet sends it, and it completes from the chain", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const service = await liveService();
    const receiver = await startReceiver();
    try {
      const m = await liveMerchant(service);
      const key = { "x-api-key": m.apiKey, "content-type": "application/json" };
      const api = async (method: string, path: string, body?: unknown) =>
        (await fetch(`${service.base}${path}`, { method, headers: key, ...(body ? { body: JSON.stringify(body) } : {}) })).json();
      await api("POST", "/api/webhooks", { url: receiver.url });
      // the merchant's own wallet: the session pays to it, and it sends the refund
      const walletKey = generatePrivateKey();
      const merchantWallet = privateKeyToAccount(walletKey);
      const created = await api("POST", "/api/checkout/sessions", {
        merchantId: m.id,
        amountUsdc: "20.00",
        destinationChainId: 8453,
        destinationToken: service.rail.usdc,
        recipientAddress: merchantWallet.address,
      });
      const sessionId = created.responseObject.session.id as string;
      // paid through the API as an integration's own page would: start, payment sent, the proof
      const started = await api("POST", `/api/checkout/sessions/${sessionId}/start`, { paymentPlatform: "venmo", fiatCurrency: "USD" });
      const orderId = started.responseObject.order.id as string;
      await expect
        .poll(async () => (await api("GET", `/api/checkout/sessions/${sessionId}`)).responseObject.activeOrder?.intentHash ?? null, {
          timeout: 60_000,
        })
        .not.toBeNull();
      const intentHash = (await api("GET", `/api/checkout/sessions/${sessionId}`)).responseObject.activeOrder.intentHash as string;
      await api("POST", `/api/checkout/sessions/${sessionId}/payment-sent`, {});
      const proven = await api("POST", "/api/orders/fulfill", {
        intentHash,
        proof: { proofType: "buyerTee", encryptedSessionMaterial: "local-ok", params: {} },
      });
      expect(proven.success, JSON.stringify(proven)).toBe(true);
      await expect
        .poll(async () => (await api("GET", `/api/checkout/sessions/${sessionId}`)).responseObject.status, { timeout: 60_000 })
        .toBe("COMPLETED");
      expect(orderId).toMatch(/^ord_/);

      // the owner (the account's key signs in as its owner) refunds 10.00 of it from the session's page
      await page.goto(`${service.base}/dashboard/sign-in/api-key`);
      await page.getByLabel("API key").fill(m.apiKey);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible({ timeout: 15_000 });
      await page.goto(`${service.base}/dashboard/sessions/${sessionId}`);
      await expect(page.getByRole("heading", { name: "Refunds" })).toBeVisible();
      await page.getByLabel("Amount (USDC)").fill("10.00");
      await page.getByLabel("Reason (the payer reads it)").fill("One of the two books was out of stock");
      await page.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(page.getByText("Refund of 10.00 USDC made")).toBeVisible();
      await expect(page.getByText("10.00 USDC · Waiting for the payer's claim")).toBeVisible();
      await checkScreen(page, testInfo, "refund-0-made");
      const claimUrl = (await page.locator("code", { hasText: "/refund/rfd_" }).textContent())!.trim();
      expect(claimUrl.startsWith(`${service.base}/refund/rfd_`)).toBe(true);

      // the payer claims it on the link, from the keyboard alone
      const payerContext = await browser.newContext();
      const claim = await payerContext.newPage();
      await claim.goto(claimUrl);
      await expect(claim.getByText("Live Shop is giving you back 10.00 USDC.")).toBeVisible();
      await expect(claim.getByText("Why: One of the two books was out of stock")).toBeVisible();
      await checkScreen(claim, testInfo, "refund-1-claim");
      const payerAddress = privateKeyToAddress(generatePrivateKey());
      await claim.keyboard.press("Tab");
      await expect(claim.getByLabel("Your Base address")).toBeFocused();
      await claim.keyboard.type("0x1234");
      await claim.keyboard.press("Enter");
      await expect(claim.getByRole("alert").filter({ hasText: "The address must be 0x followed by 40 hex characters." })).toBeVisible();
      await expect(claim.getByLabel("Your Base address")).toBeFocused();
      await claim.keyboard.press("ControlOrMeta+a");
      await claim.keyboard.type(payerAddress);
      await claim.keyboard.press("Enter");
      await expect(claim.getByRole("status")).toContainText(`Live Shop will send 10.00 USDC to ${payerAddress} on Base.`);
      await checkScreen(claim, testInfo, "refund-2-claimed");

      // the merchant sends it with the browser's wallet: the stand-in signs for the merchant's account on the local chain
      const chain = createPublicClient({ transport: http(service.rail.rpcUrl) });
      await chain.request({ method: "anvil_setBalance" as never, params: [merchantWallet.address, toHex(10n ** 18n)] as never });
      const signer = createWalletClient({
        account: merchantWallet,
        chain: { ...base, rpcUrls: { default: { http: [service.rail.rpcUrl] } } },
        transport: http(service.rail.rpcUrl),
      });
      const asked: string[] = [];
      await page.exposeFunction("__wallet", async (method: string, params: unknown[]) => {
        asked.push(method);
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [merchantWallet.address];
        if (method === "eth_chainId") return toHex(8453);
        if (method === "eth_sendTransaction") {
          const tx = params[0] as { to: Address; data: `0x${string}` };
          return signer.sendTransaction({ to: tx.to, data: tx.data });
        }
        throw new Error(`the wallet stand-in does not answer ${method}`);
      });
      await page.addInitScript(WALLET_STAND_IN);
      await page.reload();
      await expect(page.getByText("10.00 USDC · Claimed: waiting for your transfer")).toBeVisible();
      await expect(page.getByText("What to send")).toBeVisible();
      await checkScreen(page, testInfo, "refund-3-send");
      await page.getByRole("button", { name: "Send with my wallet" }).click();
      await expect(page.getByText(/Sent: transaction 0x[0-9a-f]{64}/)).toBeVisible({ timeout: 30_000 });
      expect(asked).toEqual(["eth_requestAccounts", "eth_chainId", "eth_sendTransaction"]);
      const sentHash = /0x[0-9a-f]{64}/.exec((await page.getByText(/Sent: transaction/).textContent())!)![0];

      // the service sees the Transfer on the chain and completes the refund; the webhook says so
      await expect
        .poll(async () => (await api("GET", `/api/checkout/sessions/${sessionId}/refunds`)).responseObject.refunds[0].status, {
          timeout: 60_000,
        })
        .toBe("COMPLETED");
      const refund = (await api("GET", `/api/checkout/sessions/${sessionId}/refunds`)).responseObject.refunds[0];
      expect(refund).toMatchObject({ txHash: sentHash, payoutAddress: payerAddress, amountUsdc: "10.00" });
      expect(
        await chain.readContract({ address: service.rail.usdc as Address, abi: erc20Abi, functionName: "balanceOf", args: [payerAddress] }),
      ).toBe(10_000_000n);
      expect((await api("GET", `/api/checkout/sessions/${sessionId}`)).responseObject).toMatchObject({
        status: "COMPLETED",
        refundedUsdc: "10.00",
        refundState: "partial",
      });
      await expect
        .poll(() => receiver.types(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(["refund.created", "refund.claimed", "refund.completed"]));
      await page.reload();
      await expect(page.getByText("10.00 USDC · Completed")).toBeVisible();
      await claim.reload();
      await expect(claim.getByText(`Refunded: 10.00 USDC was sent to ${payerAddress}.`)).toBeVisible();
      await payerContext.close();
    } finally {
      await receiver.close();
      await service.close();
    }
  });
});
