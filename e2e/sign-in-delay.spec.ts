import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { expect, test } from "./support/fixtures";

// Wrong passwords slow the next sign-in from that address down, progressively, and lock nobody out:
// once the wait is over, the right password signs in.
// Where it runs: directly, and the tests tagged @topology through the production topology too. There
// the attempts land on either instance behind the proxy (the delay lives in the database, not in a
// process), and a browser that sends X-Forwarded-For of its own making is still counted by the
// address the proxy saw.

const LIMITED = /Too many failed sign-ins\. Try again in (\d+) seconds\./;
const WRONG = "That email and password do not match an account. Check them and try again.";

/** One sign-in attempt on the form; answers the wait it was told of (0: none). */
async function attempt(page: Page, email: string, password: string): Promise<number | "signed-in"> {
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: /Too many failed sign-ins|do not match/ });
  // a person with no merchant account yet lands on the welcome page
  const overview = page.getByRole("heading", { name: "Welcome", exact: true });
  await expect(alert.or(overview)).toBeVisible({ timeout: 15_000 });
  if (await overview.isVisible()) return "signed-in";
  const text = (await alert.textContent()) ?? "";
  if (text.includes(WRONG)) return 0;
  const limited = LIMITED.exec(text);
  if (!limited) throw new Error(`unexpected sign-in answer: ${text}`);
  return Number(limited[1]);
}

test(
  "wrong passwords slow the next sign-in from that address, on every instance, and the owner still signs in",
  { tag: "@topology" },
  async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const person = await new Dashboard(page).signUpPerson();

    // someone else's browser guesses, sending a made-up client address with each request
    const context = await browser.newContext({ baseURL });
    const guesser = await context.newPage();
    await guesser.route("**/*", (route) =>
      route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": `198.51.100.${crypto.randomInt(1, 250)}` } }),
    );
    const waits: number[] = [];
    for (let failures = 0; failures < 6;) {
      const wait = await attempt(guesser, person.email, `wrong-${failures}`);
      if (wait === "signed-in") throw new Error("a wrong password signed in");
      waits.push(wait);
      if (wait === 0) failures++;
      else await guesser.waitForTimeout(wait * 1000);
    }
    // six failures from one address: the next check of it waits (1, 2, 4, then 8 seconds), even for the right password
    const refused = await attempt(guesser, person.email, person.password);
    expect(refused).toEqual(expect.any(Number));
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(8);
    // and once the wait is over, it signs in: a delay, never a lock
    await guesser.waitForTimeout((refused as number) * 1000 + 500);
    expect(await attempt(guesser, person.email, person.password)).toBe("signed-in");
    await context.close();
  },
);
