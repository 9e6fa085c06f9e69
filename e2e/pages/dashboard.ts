import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "../../tests/support/mailbox";

/** A person's sign-in, made by the dashboard's sign-up. */
export type Person = { email: string; password: string };

/**
 * The addresses the specs pay out to (USDC's contract on Base, as fixtures.ts TOKEN, and an EIP-55
 * test vector): an account made in the dashboard sends money only to its allowed payout addresses.
 */
export const SPEC_PAYOUT_ADDRESSES = ["0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "0x52908400098527886E0F7030069857D2E4169EE7"];

/** The mails the servers of the run sent (tests/support/mailbox.ts, started by the global set-up). */
export const mailbox = () => process.env.E2E_MAILBOX!;

/** The merchant dashboard, as a merchant uses it: by roles and labels. */
export class Dashboard {
  /** the person this page signed up, and the first API key of the merchant account they made */
  person?: Person & { apiKey: string };

  constructor(readonly page: Page) {}

  /** A new person: sign-up, the link in the mail (a real SMTP round trip), the password to confirm it. Ends signed in. */
  async signUpPerson(
    email = `person-${crypto.randomBytes(5).toString("hex")}@shop.test`,
    password = `Pw-${crypto.randomBytes(9).toString("base64url")}`,
  ): Promise<Person> {
    const after = Date.now();
    await this.page.goto("/dashboard/sign-up");
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Create account" }).click();
    await expect(this.page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const mail = await waitForMail(mailbox(), { to: email, subject: /Confirm your email/, after });
    await this.page.goto(linkIn(mail, "/dashboard/verify"));
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Confirm and sign in" }).click();
    await this.page.waitForURL(/\/dashboard(\/welcome)?$/);
    return { email, password };
  }

  /**
   * A person with a merchant account of their own (name, display name), ready to take payments to
   * `payouts` (its owner allows them in Settings, in a second tab): returns the account's first API
   * key, shown once, as the sign-up of a merchant always has; the page still shows it.
   */
  async signUp(name: string, displayName: string, payouts: readonly string[] = SPEC_PAYOUT_ADDRESSES): Promise<string> {
    const person = await this.signUpPerson();
    await expect(this.page.getByRole("heading", { name: "Welcome" })).toBeVisible();
    await this.page.getByLabel(/^Name/).fill(name);
    await this.page.getByLabel(/^Display name/).fill(displayName);
    await this.page.getByRole("button", { name: "Create merchant account" }).click();
    await expect(this.page.getByText("it will not be shown again")).toBeVisible();
    const apiKey = (await this.page.getByTestId("api-key").textContent())!.trim();
    this.person = { ...person, apiKey };
    if (payouts.length) {
      const settings = new Dashboard(await this.page.context().newPage());
      settings.person = this.person;
      await settings.page.goto("/dashboard/settings");
      for (const address of payouts) await settings.allowPayoutAddress(address);
      await settings.page.close();
      // the confirmation those asked for is the set-up's, not the journey's: a journey starts as a
      // person who has just signed up, whom the next change of a factor or of the payouts asks again
      await this.page.context().clearCookies({ name: "dashboard-reauth" });
      await this.page.bringToFront();
    }
    return apiKey;
  }

  /**
   * Settings, as an owner: money may go to `address` from now on. The first change of where the money
   * goes in a few minutes asks the person to confirm it is them: their password (they have no second factor).
   */
  async allowPayoutAddress(address: string, label = "") {
    const section = this.page.getByRole("region", { name: "Allowed payout addresses" });
    await section.getByLabel("Address to allow (EVM)").fill(address);
    await section.getByLabel("Label (optional)").fill(label);
    await section.getByRole("button", { name: "Allow address" }).click();
    const added = section.getByRole("cell", { name: address.toLowerCase(), exact: true });
    const dialog = this.page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(added.or(dialog)).toBeVisible();
    if (await dialog.isVisible()) {
      await dialog.getByLabel("Your password").fill(this.person!.password);
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(added).toBeVisible();
  }

  /** Signs a person in with email and password (and a code, if asked for one), and waits for `landing`. */
  async signInPerson(person: Person, { code, landing = "Overview" }: { code?: () => string; landing?: string } = {}) {
    await this.page.goto("/dashboard/sign-in");
    await this.page.getByLabel("Email").fill(person.email);
    await this.page.getByLabel("Password").fill(person.password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
    if (code) {
      await this.page.getByLabel("Code from your authenticator app").fill(code());
      await this.page.getByRole("button", { name: "Verify" }).click();
    }
    // a time limit for a stuck page, not a speed target (those are in bench/): in the production
    // topology, right after the fault tests have restarted its processes, an overview once took 6 s
    await expect(this.page.getByRole("heading", { name: landing })).toBeVisible({ timeout: 15_000 });
  }

  /**
   * Signs in and waits for the overview; with `expectFailure`, for the error instead. The key of the
   * account this page signed up signs its person in (its key no longer opens the dashboard); any other
   * key is tried on the sign-in of unclaimed accounts, made through the API.
   */
  async signIn(apiKey: string, { expectFailure = false } = {}) {
    if (this.person && this.person.apiKey === apiKey) return this.signInPerson(this.person);
    await this.page.goto("/dashboard/sign-in/api-key");
    await this.page.getByLabel("API key").fill(apiKey);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
    if (expectFailure) await expect(this.page.getByRole("alert").filter({ hasText: "not valid" })).toBeVisible();
    else await expect(this.page.getByRole("heading", { name: "Overview" })).toBeVisible({ timeout: 15_000 });
  }

  async signOut() {
    await this.page.getByRole("button", { name: "Sign out" }).click();
    await this.page.waitForURL(/\/dashboard\/sign-in/);
  }

  nav(name: string) {
    return this.page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name });
  }

  async addWebhook(url: string): Promise<string> {
    await this.nav("Webhooks").click();
    await this.page.getByLabel("Endpoint URL (https)").fill(url);
    await this.page.getByRole("button", { name: "Add webhook" }).click();
    await expect(this.page.getByTestId("webhook-secret")).toBeVisible();
    return (await this.page.getByTestId("webhook-secret").textContent())!.trim();
  }
}
