import { Dashboard } from "./pages/dashboard";
import { checkScreen, expect, startReceiver, test } from "./support/fixtures";

// A webhook whose endpoint fails: its page shows the failure rate and the last failure, and
// "Retry all failed" (confirmed with the count) sends them again once the endpoint is back.
// Where it runs: directly. One webhook's page and its retries, on one instance.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

test("webhook health: failures show, retry all failed delivers them once the endpoint is back", async ({ page }, testInfo) => {
  const receiver = await startReceiver();
  try {
    const d = new Dashboard(page);
    const key = await d.signUp(unique("health"), "Health Shop");
    await d.signIn(key);
    await d.addWebhook(receiver.url);
    await page.getByRole("link", { name: receiver.url }).click();
    await page.waitForURL(/\/dashboard\/webhooks\/wh_/);
    // nothing failed yet: the button is disabled and says why
    await expect(page.getByRole("button", { name: "Retry all failed" })).toBeDisabled();
    await expect(page.getByText("No failed deliveries to retry.")).toBeVisible();

    receiver.answer(500);
    for (let i = 0; i < 2; i++) {
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Test event failed: HTTP 500" })).toBeVisible();
      await expect.poll(() => receiver.types().length).toBe(i + 1);
    }
    await page.reload();
    await expect(page.getByTestId("webhook-success-rate")).toHaveText("0%");
    await expect(page.getByText("0 delivered · 2 failed")).toBeVisible();
    await expect(page.getByTestId("webhook-last-failure")).toHaveText("HTTP status 500");
    await checkScreen(page, testInfo, "dash-webhook-health-failing");

    await page.getByRole("button", { name: "Retry all failed" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Retry 2 failed deliveries?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Yes, retry 2" })).toBeFocused();
    await checkScreen(page, testInfo, "dash-webhook-health-confirm");
    // Escape cancels and gives the focus back
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Retry all failed" })).toBeFocused();

    receiver.answer(200);
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Yes, retry 2" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Queued 2 failed deliveries for retry." })).toBeVisible();
    await expect
      .poll(() => receiver.types(), { timeout: 20_000 })
      .toEqual(["webhook.test", "webhook.test", "webhook.test", "webhook.test"]);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("webhook-success-rate").textContent();
        },
        { timeout: 20_000 },
      )
      .toBe("100%");
    await expect(page.getByText("2 delivered · 0 failed")).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry all failed" })).toBeDisabled();
    await checkScreen(page, testInfo, "dash-webhook-health-recovered");

    await d.nav("Webhooks").click();
    await expect(page.getByText(/24 h: 100% delivered \(2 of 2\)/)).toBeVisible();
    await page.getByRole("link", { name: receiver.url }).click();
    await page.waitForURL(/\/dashboard\/webhooks\/wh_/);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.reload();
    await checkScreen(page, testInfo, "dash-webhook-health-320");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await receiver.close().catch(() => {});
  }
});
