import fs from "node:fs";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { checkScreen, createSession, expect, type Merchant, test } from "./support/fixtures";

// Exceptions as a merchant's owner meets them: made on purpose in the sandbox (a sandbox proof's
// outcome, as an integration tests with), counted in the navigation, listed open first, shown on the
// session with what support needs, and resolved from the keyboard: dismissed with a note (refused
// without one), marked paid in full after confirming it is them, a blocked release tried again.
// Where it runs: directly. The dashboard's pages and forms for exceptions; nothing here depends on the proxy, a second instance or the worker.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

/** axe, a screenshot with the results, and one kept in test-results/screenshots/ to look at. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await checkScreen(page, testInfo, name);
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** The same at a phone's width (375 px), without sideways scroll, then back to the desktop. */
async function lookNarrow(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  const { width, scroll } = await page.evaluate(() => ({ width: window.innerWidth, scroll: document.documentElement.scrollWidth }));
  expect(scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(width);
  await look(page, testInfo, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A started sandbox session whose order got a sandbox proof with this exception outcome. */
async function exceptionOf(request: APIRequestContext, m: Merchant, outcome: string, amountUsdc: string) {
  const s = await createSession(request, m, { amountUsdc });
  const headers = { "x-api-key": m.apiKey };
  const started = await request.post(`/api/checkout/sessions/${s.id}/start`, {
    headers,
    data: { paymentPlatform: "venmo", fiatCurrency: "USD" },
  });
  expect(started.status()).toBe(200);
  const { intentHash } = (await started.json()).responseObject;
  const made = await request.post("/api/orders/fulfill", { headers, data: { intentHash, proof: { sandbox: true, outcome } } });
  expect(made.status(), await made.text()).toBe(200);
  return { id: s.id, intentHash: intentHash as string };
}

test.describe("exceptions", () => {
  test("made in the sandbox, counted, listed, shown and resolved by the owner", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000); // sign-up, three exceptions, a dozen accessibility checks
    const d = new Dashboard(page);
    const key = await d.signUp(unique("exceptions"), "Exceptions Shop");
    await d.signIn(key);
    const me = (await (await request.get("/api/merchants/me", { headers: { "x-api-key": key } })).json()).responseObject;
    const m = { id: me.id, apiKey: key, name: me.name };

    // none yet: the page says so, and how to make one
    await d.nav("Exceptions").click();
    await expect(page.getByRole("heading", { name: "Exceptions", level: 1 })).toBeVisible();
    await expect(page.getByText("No exceptions: nothing needs a person.")).toBeVisible();
    await look(page, testInfo, "exceptions-empty");

    const unproven = await exceptionOf(request, m, "unproven", "20.00");
    const late = await exceptionOf(request, m, "late", "42.50");
    const blocked = await exceptionOf(request, m, "blocked", "75.00");

    // the navigation counts them, in words for a screen reader
    await page.reload();
    await expect(d.nav("Exceptions, 3 open")).toBeVisible();
    const table = page.getByRole("table", { name: "Exceptions, open first, newest first" });
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(table.getByRole("row").nth(1)).toContainText("Release blocked");
    await expect(table.getByRole("row").nth(2)).toContainText("Paid after it ended");
    await expect(table.getByRole("row").nth(3)).toContainText("Paid, not proven");
    await expect(page.getByText("3 open.")).toBeVisible();
    await look(page, testInfo, "exceptions-list");
    await lookNarrow(page, testInfo, "exceptions-list");

    // the late payment's session: what happened and what support needs
    await table.getByRole("link", { name: late.id }).click();
    const card = page.getByRole("region", { name: /Exception: Paid after it ended/ });
    await expect(card).toBeVisible();
    await expect(card).toContainText("was released to the merchant after the session had expired");
    await expect(card.getByText("@zkp2p-sandbox")).toBeVisible();
    await expect(card.getByRole("button", { name: `Copy intent hash ${late.intentHash}` })).toBeVisible();
    await expect(card.getByRole("button", { name: "Copy the details for support" })).toBeVisible();
    await look(page, testInfo, "exceptions-session");
    await lookNarrow(page, testInfo, "exceptions-session");

    // mark it paid in full: the owner confirms it is them first
    await card.getByRole("button", { name: "Mark paid in full" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Your password").fill(d.person!.password);
    await dialog.getByLabel("Your password").press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Marked paid in full" })).toBeFocused();
    await expect(card.getByTestId("exception-resolution")).toContainText(`Marked paid in full by ${d.person!.email}`);
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.locator("[data-status]")).toHaveText("Completed");
    await expect(summary).toContainText(`marked paid in full by ${d.person!.email}`);
    await expect(d.nav("Exceptions, 2 open")).toBeVisible();
    await look(page, testInfo, "exceptions-session-marked");

    // dismiss the unproven one, by keyboard: refused without a note, then with one
    await page.goto(`/dashboard/sessions/${unproven.id}`);
    const other = page.getByRole("region", { name: /Exception: Paid, not proven/ });
    await other.getByRole("button", { name: "Dismiss" }).focus();
    await page.keyboard.press("Enter");
    const note = other.getByLabel("Note");
    await expect(note).toHaveAttribute("aria-invalid", "true");
    await expect(note).toBeFocused();
    await expect(page.getByRole("alert").filter({ hasText: "Say why you dismiss it" })).toBeVisible();
    await look(page, testInfo, "exceptions-dismiss-refused");
    await page.keyboard.type("A test payment: nothing is owed");
    await other.getByRole("button", { name: "Dismiss" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Dismissed. The session is unchanged." })).toBeFocused();
    await expect(other.getByTestId("exception-resolution")).toContainText("A test payment: nothing is owed");
    await expect(other.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
    await expect(d.nav("Exceptions, 1 open")).toBeVisible();

    // the blocked release, tried again: on the sandbox it goes through
    await page.goto(`/dashboard/sessions/${blocked.id}`);
    await page
      .getByRole("region", { name: /Exception: Release blocked/ })
      .getByRole("button", { name: "Retry the release" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "The release went through" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Summary" }).locator("[data-status]")).toHaveText("Completed");

    // nothing open: no count, and the list says how each ended
    await d.nav("Exceptions").click();
    await expect(d.nav("Exceptions")).toHaveAccessibleName("Exceptions");
    await expect(page.getByText("None open.")).toBeVisible();
    for (const ended of ["Resolved: The USDC came", "Resolved: Marked paid in full", "Resolved: Dismissed"])
      await expect(table.getByText(ended)).toBeVisible();
    await look(page, testInfo, "exceptions-resolved");
  });
});
