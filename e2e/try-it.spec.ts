import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

// The README's "Try it" example (examples/try-it.ts) run as a user runs it, against the service:
// it signs up, creates a session through the typed client, and the link it prints opens the
// payer's page for that session.
// Where it runs: directly, and the tests tagged @topology through the production topology too. The README's example, run against a deployment's
// https address by its host name, as a user would.

test("examples/try-it.ts creates a session whose link opens the checkout", { tag: "@topology" }, async ({ page, baseURL }) => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "examples/try-it.ts"], {
    env: { ...process.env, CHECKOUT_BASE_URL: baseURL },
    timeout: 60_000,
  });
  expect(stdout).toMatch(/^merchant merch_\S+, API key ck_\S+/m);
  const sessionId = stdout.match(/^session (sess_\S+) is CREATED for 50\.00 USDC$/m)?.[1];
  expect(sessionId).toBeTruthy();
  const link = stdout.match(/^send the payer to (\S+)$/m)?.[1];
  expect(link).toBe(`${baseURL}/checkout?session=${sessionId}`);
  await page.goto(link!);
  await expect(page.getByText("Try-it Shop").first()).toBeVisible();
  await expect(page.getByText(/50\.00/).first()).toBeVisible();
});
