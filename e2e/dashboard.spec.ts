import { Dashboard, SPEC_PAYOUT_ADDRESSES } from "./pages/dashboard";
import { checkScreen, createSession, expect, startReceiver, test } from "./support/fixtures";

// The merchant dashboard in Debian's Chromium against the built app.
// Where it runs: directly, and the tests tagged @topology through the production topology too. Signing up and in over TLS sets the secure
// cookies, and a session made by one instance is read by the other; the rest is the pages themselves.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

test.describe("merchant dashboard", () => {
  test("sign up shows the key once; it signs in; a wrong key does not", { tag: "@topology" }, async ({ page }, testInfo) => {
    const d = new Dashboard(page);
    const key = await d.signUp(unique("cafe"), "Cafe Crème");
    expect(key).toMatch(/^ck_/);
    await checkScreen(page, testInfo, "dash-key-once");
    await page.getByRole("button", { name: /go to my dashboard/ }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await checkScreen(page, testInfo, "dash-overview");
    // the key is nowhere in the page any more, nor in browser storage
    expect(await page.content()).not.toContain(key);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(key);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.includes("session-token"));
    expect(session?.httpOnly).toBe(true);

    await d.signOut();
    await page.goto("/dashboard/webhooks");
    await page.waitForURL(/\/dashboard\/sign-in/); // pages need a session

    await d.signIn("ck_definitely-not-a-key", { expectFailure: true });
    await checkScreen(page, testInfo, "dash-sign-in-error");
    await d.signIn(key);
  });

  test("webhooks: create, test to a local receiver, see it logged, make it fail, resend", async ({ page }, testInfo) => {
    const receiver = await startReceiver();
    try {
      const d = new Dashboard(page);
      const key = await d.signUp(unique("hooks"), "Hook Shop");
      await d.signIn(key);
      await d.addWebhook(receiver.url);
      await checkScreen(page, testInfo, "dash-webhook-created");
      await page.getByRole("link", { name: receiver.url }).click();
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Test event delivered (HTTP 200)" })).toBeVisible();
      expect(receiver.types()).toEqual(["webhook.test"]);
      await page.reload();
      await expect(page.getByRole("link", { name: "webhook.test" })).toBeVisible();
      await page.getByRole("link", { name: "webhook.test" }).click();
      await expect(page.getByRole("heading", { name: /DELIVERED/ })).toBeVisible();
      await expect(page.getByText('"type": "webhook.test"')).toBeVisible();
      await checkScreen(page, testInfo, "dash-delivery");

      // the endpoint starts failing: the test fails and says so; once it is back, a resend succeeds
      receiver.answer(503);
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Test event failed: HTTP 503" })).toBeVisible();
      await page.goto(page.url().split("?")[0] + "?status=FAILED");
      await expect(page.getByRole("cell", { name: "FAILED" })).toHaveCount(1);
      await page.getByRole("link", { name: "webhook.test" }).click();
      await expect(page.getByText("HTTP 503")).toBeVisible();
      receiver.answer(200);
      await page.getByRole("button", { name: "Resend" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Resent: DELIVERED (HTTP 200)" })).toBeVisible();
      expect(receiver.types()).toEqual(["webhook.test", "webhook.test", "webhook.test"]);
    } finally {
      await receiver.close().catch(() => {});
    }
  });

  test("sessions are found by metadata and shown with their timeline", async ({ page, request }, testInfo) => {
    const d = new Dashboard(page);
    const key = await d.signUp(unique("finder"), "Finder");
    await d.signIn(key);
    const me = await (await request.get("/api/merchants/me", { headers: { "x-api-key": key } })).json();
    const merchant = { id: me.responseObject.id, apiKey: key, name: me.responseObject.name };
    await createSession(request, merchant, { metadata: { orderRef: "A-1001" } });
    const target = await createSession(request, merchant, { metadata: { orderRef: "B-2002" } });
    await request.post(`/api/checkout/sessions/${target.id}/start`, {
      headers: { "x-api-key": key },
      data: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    });

    await d.nav("Sessions").click();
    await expect(page.getByRole("row")).toHaveCount(3);
    await page.getByLabel("Session id or metadata value").fill("B-2002");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("row")).toHaveCount(2);
    await checkScreen(page, testInfo, "dash-sessions");
    await page.getByRole("link", { name: target.id }).click();
    await expect(page.getByText("orderRef")).toBeVisible();
    await expect(page.getByText("order.created")).toBeVisible();
    await checkScreen(page, testInfo, "dash-session");

    // a completed payment shows in the overview's volume, counts and funnel
    const order = await (await request.get(`/api/checkout/sessions/${target.id}/order`, { headers: { "x-api-key": key } })).json();
    await request.post("/api/orders/fulfill", {
      headers: { "x-api-key": key },
      data: { intentHash: order.responseObject.order.intentHash, proof: { sandbox: true } },
    });
    await d.nav("Overview").click();
    await expect(page.getByRole("heading", { name: "Completed volume: 42.50 USDC in 30 days" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Completed USDC per day/ })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Completed" })).toContainText("1");
    await checkScreen(page, testInfo, "dash-overview-data");
  });

  test("a second merchant sees none of the first one's data, by page or by action", async ({ browser, request }) => {
    const first = new Dashboard(await (await browser.newContext()).newPage());
    const keyA = await first.signUp(unique("alpha"), "Alpha");
    await first.signIn(keyA);
    const webhook = await (
      await request.post("/api/webhooks", { headers: { "x-api-key": keyA }, data: { url: "https://hooks.example.com/alpha" } })
    ).json();
    const meA = (await (await request.get("/api/merchants/me", { headers: { "x-api-key": keyA } })).json()).responseObject;
    const s = await createSession(request, { id: meA.id, apiKey: keyA, name: meA.name }, { metadata: { secret: "alpha-only" } });

    const second = new Dashboard(await (await browser.newContext()).newPage());
    const keyB = await second.signUp(unique("beta"), "Beta");
    await second.signIn(keyB);
    const page = second.page;
    // (the pages stream behind a loading state, so "not found" arrives as the page's content)
    await page.goto(`/dashboard/sessions/${s.id}`);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    expect(await page.content()).not.toContain("alpha-only");
    await page.goto(`/dashboard/webhooks/${webhook.responseObject.id}`);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    expect(await page.content()).not.toContain("hooks.example.com/alpha");
    await page.goto("/dashboard/sessions?q=alpha-only");
    await expect(page.getByText("No sessions match")).toBeVisible();
    await page.goto("/dashboard/webhooks");
    await expect(page.getByText("hooks.example.com/alpha")).toHaveCount(0);
    // by action: the second merchant's own "delete" and "test" actions, re-aimed in flight at the
    // first merchant's webhook, are refused and change nothing
    await second.addWebhook("https://hooks.example.com/beta");
    await page.getByRole("link", { name: "https://hooks.example.com/beta" }).click();
    await page.waitForURL(/\/dashboard\/webhooks\/wh_/);
    const own = new URL(page.url()).pathname.split("/").pop()!;
    await page.route("**/dashboard/webhooks/**", async (route) => {
      const body = route.request().postData();
      if (route.request().method() === "POST" && body?.includes(own)) {
        await route.continue({ postData: body.replaceAll(own, webhook.responseObject.id) });
      } else await route.continue();
    });
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "no access" })).toBeVisible();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "no access" })).toBeVisible();
    const after = await (await request.get(`/api/webhooks/${webhook.responseObject.id}`, { headers: { "x-api-key": keyA } })).json();
    expect(after.responseObject).toMatchObject({ active: true, url: "https://hooks.example.com/alpha" });
    const log = await (
      await request.get(`/api/webhooks/${webhook.responseObject.id}/deliveries`, { headers: { "x-api-key": keyA } })
    ).json();
    expect(log.responseObject.deliveries).toEqual([]);
  });
});

test.describe("merchant dashboard at tablet width, dark", () => {
  test.use({ viewport: { width: 768, height: 1024 }, colorScheme: "dark" });

  test("settings, developer help, and a webhook's edit, rotation and deletion", async ({ page }, testInfo) => {
    const d = new Dashboard(page);
    const key = await d.signUp(unique("tablet"), "Tablet Shop");
    await d.signIn(key);

    await d.nav("Settings").click();
    await page.getByLabel("Display name").fill("Tablet Shop & Co");
    await page.getByLabel("Logo URL (https)").fill("https://example.com/logo.png");
    await expect(page.getByRole("img", { name: "Logo preview" })).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Display name")).toHaveValue("Tablet Shop & Co");
    // who pays the live rail's fees: the payer bears 30 % of them on sessions that do not say
    await expect(page.getByRole("radio", { name: /You pay them/ })).toBeChecked();
    await page.getByRole("radio", { name: /Split them/ }).check();
    await page.getByLabel("The payer's share of the fees").selectOption("3000");
    await page.getByRole("button", { name: "Save fee setting" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved. New sessions and payment links use it." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("radio", { name: /Split them/ })).toBeChecked();
    await expect(page.getByLabel("The payer's share of the fees")).toHaveValue("3000");
    const me = await (await page.request.get("/api/v1/merchants/me", { headers: { "x-api-key": key } })).json();
    expect(me.responseObject.merchantConfig).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 3000 });
    // where the money may go: the addresses the sign-up allowed, one more, and the API refuses any other
    const payouts = page.getByRole("region", { name: "Allowed payout addresses" });
    for (const address of SPEC_PAYOUT_ADDRESSES)
      await expect(payouts.getByRole("cell", { name: address.toLowerCase(), exact: true })).toBeVisible();
    const treasury = "0x1111111111111111111111111111111111111111";
    // a new address asks for the password again once the last confirmation is gone (minutes later, or
    // a stolen session that never had one): nothing is added until it is given
    await page.context().clearCookies({ name: "dashboard-reauth" });
    await payouts.getByLabel("Address to allow (EVM)").fill(treasury);
    await payouts.getByRole("button", { name: "Allow address" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(confirm.getByLabel("Your password")).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(payouts.getByRole("cell", { name: treasury, exact: true })).toHaveCount(0);
    await d.allowPayoutAddress(treasury, "Treasury");
    await expect(payouts.getByRole("cell", { name: "Treasury", exact: true })).toBeVisible();
    const elsewhere = await page.request.post("/api/checkout/sessions", {
      headers: { "x-api-key": key },
      data: {
        merchantId: me.responseObject.id,
        amountUsdc: "5.00",
        destinationChainId: 8453,
        destinationToken: SPEC_PAYOUT_ADDRESSES[0],
        recipientAddress: "0x2222222222222222222222222222222222222222",
      },
    });
    expect(elsewhere.status()).toBe(400);
    expect((await elsewhere.json()).message).toMatch(/not one of this account's allowed payout addresses/);
    await checkScreen(page, testInfo, "dash-settings-tablet-dark");
    page.once("dialog", (dialog) => void dialog.accept());
    await payouts.getByRole("button", { name: `Remove ${treasury}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Removed ${treasury}.` })).toBeVisible();
    await expect(payouts.getByRole("cell", { name: treasury, exact: true })).toHaveCount(0);

    await d.nav("Developers").click();
    // the account's first key, by its prefix: the rest is never shown again
    await expect(page.getByRole("cell", { name: `${key.slice(0, 9)}…`, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Default key", exact: true })).toBeVisible();
    await expect(page.getByText("POST").first()).toBeVisible();
    await expect(page.getByText(/"merchantId": "merch_/)).toBeVisible();
    await expect(page.getByText("x-webhook-signature").first()).toBeVisible();
    await checkScreen(page, testInfo, "dash-developers-tablet-dark");

    const secret = await d.addWebhook("https://hooks.example.com/tablet");
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("link", { name: "https://hooks.example.com/tablet" }).click();
    // the list page has an "Add a webhook" form with the same checkboxes: edit only once the webhook's page is shown
    await page.waitForURL(/\/dashboard\/webhooks\/wh_/);
    await expect(page.getByRole("button", { name: "Rotate secret" })).toBeVisible();
    await page.getByRole("checkbox", { name: "order.fulfilled" }).check();
    await page.getByRole("checkbox", { name: /^Active/ }).uncheck();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook saved." })).toBeVisible();
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("webhook-secret")).toBeVisible();
    expect((await page.getByTestId("webhook-secret").textContent())!.trim()).not.toBe(secret);
    await checkScreen(page, testInfo, "dash-webhook-tablet-dark");
    await d.nav("Webhooks").click();
    await expect(page.getByText("Inactive · order.fulfilled")).toBeVisible();

    await page.getByRole("link", { name: "https://hooks.example.com/tablet" }).click();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await page.getByRole("button", { name: "Keep it" }).click();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await page.waitForURL(/\/dashboard\/webhooks$/);
    await expect(page.getByText("No webhooks yet")).toBeVisible();
  });
});
