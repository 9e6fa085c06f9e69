import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import postgres from "postgres";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { startRailStack } from "../rail-local/stack";
import { OwnServer } from "./support/server";
import { checkScreen, expect, test } from "./support/fixtures";

// A payer who paid is never stranded by the real rail's lock timeout: the built service on
// `npm run rail:local`'s stack, with a short ZKP2P_LOCK_TIMEOUT and ZKP2P_LOCK_CONFIRM_WINDOW, and two
// payers in Chromium: one still on the page when the timeout comes, who is asked first and keeps the
// intent by saying they sent the money; one who had closed the page, whose order ends and whose intent
// is cancelled, and who is asked when they come back.
// Where it runs: directly. It starts the rail's stack and a service of its own on PostgreSQL, as
// e2e/real-rail.spec.ts does; the proxy, TLS and a second instance change nothing of what it checks.

const run = promisify(execFile);
const PG = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LOCK_TIMEOUT_S = 20;
const CONFIRM_WINDOW_S = 30;

/** The Peer extension as far as reserving needs it: installed, version 0.6.3, connected once asked. */
function PEER_CONNECTS() {
  let connected = false;
  (window as unknown as { peer: unknown }).peer = {
    checkConnectionStatus: async () => (connected ? "connected" : "disconnected"),
    requestConnection: async () => (connected = true),
    getVersion: async () => "0.6.3",
    onMetadataMessage: () => () => {},
    authenticate: () => {},
  };
}

test("the lock timeout asks the payer first: yes keeps the intent, and a payer who comes back after it is told the shop knows", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const stack = await startRailStack({ blockTime: 1 });
  const admin = postgres(PG, { max: 1, onnotice: () => {} });
  const dbName = `e2e_lock_${crypto.randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(PG);
  url.pathname = `/${dbName}`;
  const env = {
    ...stack.settings,
    DATABASE_URL: url.toString(),
    APP_SECRET: "tfxTxiJp80fdzngukQr4YaIbaS5rC3br9OgEhHyRkxU",
    NEXTAUTH_SECRET: "5suRrLMhlIrfY7TBSpob6nva63hx6TsPHzk5FcOofx4",
    RATE_LIMIT_MULTIPLIER: "5",
    ZKP2P_LOCK_TIMEOUT: `${LOCK_TIMEOUT_S}s`,
    ZKP2P_LOCK_CONFIRM_WINDOW: `${CONFIRM_WINDOW_S}s`,
  };
  const server = new OwnServer(env);
  const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await server.start();
    const shop = await liveMerchant(server.base, env);
    /** The order of a session as the database has it, and the kinds of transaction sent for it. */
    const orderOf = async (sessionId: string) => {
      const [o] = await db<{ id: string; status: string }[]>`select id, status from orders where session_id = ${sessionId}`;
      const txs = await db<{ kind: string }[]>`select kind from chain_txs where order_id = ${o!.id}`;
      return { ...o!, txs: txs.map((t) => t.kind).sort() };
    };
    const payer = async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(PEER_CONNECTS);
      return { context, page };
    };
    /** Opens the checkout, connects Peer and continues with Venmo until the payee is shown. */
    const reserve = async (page: Page, link: string) => {
      await page.goto(link);
      await page.getByRole("button", { name: "Connect Peer" }).click();
      await expect(page.getByText("The Peer extension is connected")).toBeVisible();
      await page.getByLabel("Currency").selectOption("USD");
      await page.getByRole("radio", { name: /Venmo/ }).check();
      await page.getByRole("button", { name: "Continue with Venmo" }).click();
      await expect(page.getByRole("heading", { name: "Send the payment with Venmo" })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(stack.rail.payees.venmo!)).toBeVisible();
    };

    // the second payer sees the payee, then closes the page (and pays in their app, they will say)
    const liquidity = await stack.rail.depositLiquidity();
    const closed = await shop.session("12.00");
    const away = await payer();
    await reserve(away.page, closed.link);
    await away.context.close();

    // the first payer keeps the page open: before the lock timeout cancels, it asks
    const open = await shop.session("10.00");
    const { page } = await payer();
    await reserve(page, open.link);
    const question = page.getByRole("group", { name: "Did you already send the money?" });
    await expect(question).toBeVisible({ timeout: (LOCK_TIMEOUT_S + 30) * 1000 });
    await expect(question).toContainText(`If you already sent $10.20 to ${stack.rail.payees.venmo}`);
    await expect(page.getByRole("button", { name: "I have sent the payment" })).toHaveCount(0);
    await checkScreen(page, testInfo, "lock-1-question");
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, testInfo, "lock-1-question-mobile");
    await page.setViewportSize({ width: 1280, height: 720 });
    // the window began at the lock timeout, before the question showed: it is over by asked + the window
    const asked = Date.now();
    await question.getByRole("button", { name: "Yes, I sent it" }).click();
    await expect(page.getByRole("heading", { name: "Waiting for your payment to be confirmed" })).toBeVisible();
    expect(await orderOf(open.id)).toMatchObject({ status: "PAYMENT_SENT", txs: ["signal"] });
    // the window's end passes: the order stays, its intent is never cancelled
    await expect
      .poll(async () => Date.now() > asked + (CONFIRM_WINDOW_S + 5) * 1000 && (await orderOf(open.id)), {
        timeout: (CONFIRM_WINDOW_S + 30) * 1000,
        intervals: [2_000],
      })
      .toMatchObject({ status: "PAYMENT_SENT", txs: ["signal"] });
    await expect(page.getByRole("heading", { name: "Waiting for your payment to be confirmed" })).toBeVisible();

    // meanwhile the closed page's order ended and its intent was cancelled on-chain
    await expect
      .poll(async () => ({ ...(await orderOf(closed.id)), liquidity: await stack.rail.depositLiquidity() }), { timeout: 60_000 })
      .toMatchObject({ status: "EXPIRED", txs: ["cancel", "signal"], liquidity: liquidity - 10_000_000n });
    const ended = await orderOf(closed.id);

    // back on the page, that payer is asked, and told neither that nor anything false
    const back = await payer();
    await back.page.goto(closed.link);
    const again = back.page.getByRole("group", { name: "Did you already send the money?" });
    await expect(again).toBeVisible();
    await expect(again).toContainText("Your reservation of $12.24 with Venmo ended before you told us you had paid.");
    await expect(back.page.getByText("expired before the payment was sent")).toHaveCount(0);
    await checkScreen(back.page, testInfo, "lock-2-asked-after-end");
    await back.page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(back.page, testInfo, "lock-2-asked-after-end-mobile");
    await back.page.setViewportSize({ width: 1280, height: 720 });
    await again.getByRole("button", { name: "Yes, I sent it" }).click();
    // the shop is told, and the page gives the reference to quote
    const told = back.page.getByRole("status").filter({ hasText: "We’ve told Live Shop that you say you paid." });
    await expect(told).toBeVisible();
    await expect(told).toContainText(`give them the reference ${ended.id}`);
    await expect(back.page.getByText("expired before the payment was sent")).toHaveCount(0);
    await checkScreen(back.page, testInfo, "lock-3-shop-told");
    await back.page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(back.page, testInfo, "lock-3-shop-told-mobile");
    // the merchant sees it on the session
    const seen = await (await fetch(`${server.base}/api/checkout/sessions/${closed.id}`, { headers: { "x-api-key": shop.apiKey } })).json();
    expect(seen.responseObject.exception).toMatchObject({ kind: "PAID_ON_CANCELLED", status: "OPEN", details: { orderId: ended.id } });
    // a reload keeps saying so, and asks nothing again
    await back.page.reload();
    await expect(told).toBeVisible();
    await expect(again).toHaveCount(0);
  } finally {
    await db.end();
    await server.kill();
    await stack.stop();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
});

/** A merchant of the service, moved live by the operator (without the smoke test: the rail here is the local one). */
async function liveMerchant(base: string, env: Record<string, string>) {
  const signup = await (
    await fetch(`${base}/api/merchants`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `lock-${crypto.randomBytes(4).toString("hex")}`, displayName: "Live Shop" }),
    })
  ).json();
  const m = signup.responseObject as { id: string; name: string; apiKey: string };
  const live = await run(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "go-live", m.name, "--without-smoke-test", "the local rail of an e2e test"],
    { env: { ...process.env, ...env } },
  );
  expect(live.stdout).toContain("is now live");
  return {
    apiKey: m.apiKey,
    /** a live session's id and checkout link */
    session: async (amountUsdc: string) => {
      const created = await (
        await fetch(`${base}/api/checkout/sessions`, {
          method: "POST",
          headers: { "x-api-key": m.apiKey, "content-type": "application/json" },
          body: JSON.stringify({
            merchantId: m.id,
            amountUsdc,
            destinationChainId: 8453,
            destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            recipientAddress: privateKeyToAddress(generatePrivateKey()),
          }),
        })
      ).json();
      const id = created.responseObject.session.id as string;
      return { id, link: `${base}/checkout?session=${id}` };
    },
  };
}
