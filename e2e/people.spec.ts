import { spawn } from "node:child_process";
import crypto from "node:crypto";
import type { Browser, Locator, Page, Request } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { linkIn, waitForMail } from "../tests/support/mailbox";
import { Dashboard, mailbox } from "./pages/dashboard";
import { checkScreen, createMerchant, expect, test } from "./support/fixtures";

// People in the dashboard, in Chromium. Mail goes over SMTP to the run's mailbox; codes come from an
// authenticator computed here; passkeys from Chromium's virtual authenticator.
// Where it runs: directly, and the tests tagged @topology through the production topology too. Secure cookies over TLS, a passkey bound
// to the public origin, and a sign-in ended on one instance and refused by the other; the mail, the
// second factor and the accessibility sweep are checked directly only.

const unique = (p: string) => `${p}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}`;
const email = (p: string) => `${unique(p)}@shop.test`;

/** An authenticator app: the code of a step after the last one used (the service accepts each step once). */
class Authenticator {
  private last = 0;
  constructor(private readonly secret: string) {}
  code(): string {
    const step = Math.max(this.last + 1, Math.floor(Date.now() / 30_000));
    this.last = step;
    return new TOTP({ secret: Secret.fromBase32(this.secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
      timestamp: step * 30_000,
    });
  }
}

/** The dialog that asks for the password again before a change of how the person signs in. */
const reauthDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm it is you" });

/** Answers the re-authentication dialog with the password (the person has no second factor yet). */
async function confirmItIsMe(page: Page, password: string) {
  const dialog = reauthDialog(page);
  await expect(dialog.getByLabel("Your password")).toBeFocused();
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * After an action that changes the team or the money: answers the re-authentication dialog if it is
 * asked (it is not within a few minutes of the last one), and waits for `done`.
 */
async function confirmIfAsked(page: Page, password: string, done: Locator, app?: Authenticator) {
  const dialog = reauthDialog(page);
  await expect(done.or(dialog)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel("Your password").fill(password);
    if (app) await dialog.getByLabel("Code from your authenticator app").fill(app.code());
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(done).toBeVisible();
}

/** Creates a named key on Developers, as the owner; returns its secret (shown once) and the captured server action. */
async function createKey(d: Dashboard, name: string): Promise<{ apiKey: string; action: Request }> {
  const page = d.page;
  await page.goto("/dashboard/developers");
  await page.getByLabel("New key's name").fill(name);
  const created = nextAction(page);
  await page.getByRole("button", { name: "Create key" }).click();
  const action = await created;
  const apiKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(apiKey).toMatch(/^ck_/);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  return { apiKey, action };
}

/** Turns on TOTP from the account page (the password asked again first); returns the app and the recovery codes shown once. */
async function setUpTotp(page: Page, password: string): Promise<{ app: Authenticator; recovery: string[] }> {
  await page.goto("/dashboard/account");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await confirmItIsMe(page, password);
  await expect(page.getByRole("img", { name: "QR code of the authenticator key" })).toBeVisible();
  const app = new Authenticator((await page.getByTestId("totp-secret").textContent())!.trim());
  await page.getByLabel("The 6-digit code your app shows").fill(app.code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const recovery = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 recovery codes left")).toBeVisible();
  return { app, recovery };
}

/** The next server action the page posts (its id, URL, headers and body), to call it again by hand. */
function nextAction(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
}

/** Calls a captured server action again from another browser context (its cookies), as an attacker or a lesser role would. */
async function replay(from: Page, action: Request, { body, origin }: { body?: string; origin?: string } = {}) {
  const h = action.headers();
  return from.request.post(action.url(), {
    headers: {
      "next-action": h["next-action"]!,
      "content-type": h["content-type"]!,
      accept: "text/x-component",
      origin: origin ?? new URL(action.url()).origin,
      "next-router-state-tree": h["next-router-state-tree"] ?? "",
    },
    data: body ?? action.postData()!,
    maxRedirects: 0,
  });
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: false });
  return context.newPage();
}

test.describe("people", () => {
  test("sign up by email, confirm it is you, a second factor, and a recovery code that signs in once", async ({ page }, testInfo) => {
    const owner = new Dashboard(page);
    await owner.signUp(unique("factor"), "Factor Shop", []);
    await page.getByRole("button", { name: "I have saved it: go to my dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

    // a change of how the person signs in asks for the password again first, in a modal dialog:
    // Escape cancels it and changes nothing, a wrong password is announced, Enter confirms
    await page.goto("/dashboard/account");
    const setUp = page.getByRole("button", { name: "Set up an authenticator app" });
    await setUp.click();
    const dialog = reauthDialog(page);
    await expect(dialog.getByLabel("Your password")).toBeFocused();
    await checkScreen(page, testInfo, "people-reauth");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(setUp).toBeFocused();
    await expect(page.getByRole("img", { name: "QR code of the authenticator key" })).toHaveCount(0);
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Your password").fill("not my password 1");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("That is not your password.");
    await expect(dialog.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
    await checkScreen(page, testInfo, "people-reauth-refused");
    await page.keyboard.press("Escape");

    // a second factor: sign-in needs the code from then on, and a code is used once
    const { app, recovery } = await setUpTotp(page, owner.person!.password);
    await checkScreen(page, testInfo, "people-account");
    const turnedOn = await waitForMail(mailbox(), { to: owner.person!.email, subject: /An authenticator app was turned on/ });
    expect(turnedOn.text).toContain("If this was not you");
    await owner.signOut();
    await owner.signInPerson(owner.person!, { code: () => app.code() });

    // the trail has each step
    await owner.nav("Audit").click();
    const trail = page.getByRole("table", { name: "Audit records, newest first" });
    for (const action of ["account.email-verified", "account.created", "account.reauthenticated", "account.totp-enabled"]) {
      await expect(trail.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
    }

    // a recovery code signs in once
    await owner.signOut();
    await page.goto("/dashboard/sign-in");
    for (const attempt of ["works", "refused"]) {
      await page.getByLabel("Email").fill(owner.person!.email);
      await page.getByLabel("Password").fill(owner.person!.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByLabel("Code from your authenticator app").fill(recovery[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      if (attempt === "works") {
        await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
        await owner.signOut();
      } else {
        await expect(page.getByRole("alert").filter({ hasText: "That code is not right, or was already used" })).toBeVisible();
      }
    }
  });

  test("a second named key, shown once, that the API accepts until an owner revokes it; the trail has both", async ({ page }, testInfo) => {
    const owner = new Dashboard(page);
    const firstKey = await owner.signUp(unique("keys"), "Key Shop", []);
    await page.getByRole("button", { name: "I have saved it: go to my dashboard" }).click();
    const reporting = await createKey(owner, "Reporting");
    expect(reporting.apiKey).not.toBe(firstKey);
    expect((await page.request.get("/api/merchants/me", { headers: { "x-api-key": reporting.apiKey } })).status()).toBe(200);
    await checkScreen(page, testInfo, "people-keys");

    // revoking the key: the API refuses it (within the key cache's 10 s)
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Revoke Reporting" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Revoked Reporting." })).toBeVisible();
    await expect
      .poll(async () => (await page.request.get("/api/merchants/me", { headers: { "x-api-key": reporting.apiKey } })).status(), {
        timeout: 15_000,
      })
      .toBe(401);

    await owner.nav("Audit").click();
    const trail = page.getByRole("table", { name: "Audit records, newest first" });
    for (const action of ["key.created", "key.revoked"]) await expect(trail.getByRole("cell", { name: action, exact: true })).toBeVisible();
    await expect(trail).toContainText(owner.person!.email);
    await checkScreen(page, testInfo, "people-audit");
    await page.getByLabel("Action").selectOption("key.revoked");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(trail.getByRole("row")).toHaveCount(2); // the header and the one record
  });

  test("a viewer invited by email sees no key and is refused what a viewer may not do; the second-factor rule and the removal reach them", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = new Dashboard(page);
    const firstKey = await owner.signUp(unique("team"), "Team Shop", []);
    await page.getByRole("button", { name: "I have saved it: go to my dashboard" }).click();
    // the owner has a second factor: the team's rule below keeps out only the members who have none
    const { app } = await setUpTotp(page, owner.person!.password);
    const { action: createAction } = await createKey(owner, "Reporting");

    // a viewer, invited by email: the invite asks the owner to confirm it is them first
    const viewerEmail = email("viewer");
    await owner.nav("Team").click();
    const invitedAt = Date.now();
    await page.getByLabel("Email").fill(viewerEmail);
    await page.getByLabel("Role", { exact: true }).selectOption("viewer");
    await page.getByRole("button", { name: "Send invite" }).click();
    await confirmIfAsked(page, owner.person!.password, page.getByRole("status").filter({ hasText: `Invite sent to ${viewerEmail}` }), app);
    await expect(page.getByRole("list", { name: "Pending invites" })).toContainText(viewerEmail);
    await checkScreen(page, testInfo, "people-team");
    const invite = await waitForMail(mailbox(), { to: viewerEmail, subject: /You are invited to a merchant account/, after: invitedAt });
    expect(invite.text).toContain(owner.person!.email);
    const told = await waitForMail(mailbox(), { to: owner.person!.email, subject: /^Someone was invited/, after: invitedAt });
    expect(told.text).toContain(`invited ${viewerEmail} to join the merchant account "Team Shop" as viewer`);
    const inviteLink = linkIn(invite, "/dashboard/invite");

    const viewerPage = await newPage(browser, baseURL);
    const viewer = new Dashboard(viewerPage);
    await viewerPage.goto(inviteLink);
    await expect(viewerPage.getByRole("heading", { name: "Join Team Shop" })).toBeVisible();
    await viewer.signUpPerson(viewerEmail);
    await viewerPage.goto(inviteLink);
    await viewerPage.getByRole("button", { name: "Accept the invite" }).click();
    await expect(viewerPage.getByRole("heading", { name: "Overview" })).toBeVisible();

    // the link works once
    await viewerPage.goto(inviteLink);
    await expect(viewerPage.getByRole("heading", { name: "This invite no longer works" })).toBeVisible();

    // what a viewer sees: no keys, no settings; and what the server refuses them, called directly
    await viewerPage.goto("/dashboard");
    const nav = viewerPage.getByRole("navigation", { name: "Dashboard" });
    await expect(nav.getByRole("link", { name: "Sessions" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Developers" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await viewerPage.goto("/dashboard/developers");
    await expect(viewerPage.getByRole("heading", { name: "Overview" })).toBeVisible();
    expect(await viewerPage.content()).not.toContain(firstKey.slice(0, 9));
    const refused = await replay(viewerPage, createAction, { body: createAction.postData()!.replace("Reporting", "By viewer") });
    expect(await refused.text()).toContain("Your role does not allow this");
    // a request from another site with the owner's cookies (CSRF) changes nothing either
    const forged = await replay(page, createAction, {
      body: createAction.postData()!.replace("Reporting", "Forged"),
      origin: "https://evil.example",
    });
    expect(forged.ok()).toBe(false);
    await owner.nav("Developers").click();
    await expect(page.getByRole("cell", { name: "Reporting", exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "By viewer", exact: true })).toHaveCount(0);
    await expect(page.getByRole("cell", { name: "Forged", exact: true })).toHaveCount(0);

    // the viewer's trail holds only their own records
    await viewerPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit" }).click();
    const own = viewerPage.getByRole("table", { name: "Audit records, newest first" });
    await expect(own.getByRole("cell", { name: "team.joined", exact: true })).toBeVisible();
    await expect(own.getByRole("cell", { name: "key.created", exact: true })).toHaveCount(0);

    // an owner requires a second factor: the viewer, who has none, is sent to set one up first
    await owner.nav("Team").click();
    await page.getByRole("checkbox", { name: /Require a second factor/ }).check();
    const ruleOn = page.getByRole("status").filter({ hasText: "Every member now needs a second factor." });
    await confirmIfAsked(page, owner.person!.password, ruleOn, app);
    await viewerPage.goto("/dashboard/sessions");
    await expect(viewerPage.getByRole("heading", { name: "Your account" })).toBeVisible();
    await expect(viewerPage.getByRole("alert").filter({ hasText: "requires a second factor" })).toBeVisible();
    await owner.nav("Sessions").click(); // the owner has one: nothing changes for them
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();

    // the owner's trail has every step
    await owner.nav("Audit").click();
    const trail = page.getByRole("table", { name: "Audit records, newest first" });
    for (const action of ["key.created", "team.invited", "team.joined", "team.second-factor-required"]) {
      await expect(trail.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
    }

    // removed from the team, the viewer's session loses the account at once, and they are mailed
    await owner.nav("Team").click();
    page.once("dialog", (d) => void d.accept());
    const removedAt = Date.now();
    await page.getByRole("button", { name: `Remove ${viewerEmail}` }).click();
    await confirmIfAsked(page, owner.person!.password, page.getByRole("status").filter({ hasText: `Removed ${viewerEmail}.` }), app);
    const gone = await waitForMail(mailbox(), { to: viewerEmail, subject: /^A member was removed/, after: removedAt });
    expect(gone.text).toContain(`${owner.person!.email} removed you from the merchant account "Team Shop".`);
    await viewerPage.goto("/dashboard/sessions");
    await expect(viewerPage.getByRole("heading", { name: "Welcome" })).toBeVisible();
    await viewerPage.context().close();
  });

  test("a stolen owner's session cannot take the money at once: its new owner is asked to confirm, mailed, and held; an earlier owner cancels from the mail", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = new Dashboard(page);
    await owner.signUp(unique("takeover"), "Takeover Shop", []);
    await page.getByRole("button", { name: "I have saved it: go to my dashboard" }).click();

    // the session invites a second owner: the password is asked first, and every owner is mailed
    const newOwnerEmail = email("new-owner");
    await owner.nav("Team").click();
    const invitedAt = Date.now();
    await page.getByLabel("Email").fill(newOwnerEmail);
    await page.getByLabel("Role", { exact: true }).selectOption("owner");
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(reauthDialog(page)).toBeVisible();
    await confirmItIsMe(page, owner.person!.password);
    await expect(page.getByRole("status").filter({ hasText: `Invite sent to ${newOwnerEmail}` })).toBeVisible();
    const alert = await waitForMail(mailbox(), { to: owner.person!.email, subject: /^Someone was invited/, after: invitedAt });
    expect(alert.text).toContain(`invited ${newOwnerEmail} to join the merchant account "Takeover Shop" as owner`);
    expect(alert.text).toContain("If this was not you");

    const newPageOf = await newPage(browser, baseURL);
    const newcomer = new Dashboard(newPageOf);
    const invite = await waitForMail(mailbox(), { to: newOwnerEmail, subject: /You are invited/, after: invitedAt });
    const person = await newcomer.signUpPerson(newOwnerEmail);
    await newPageOf.goto(linkIn(invite, "/dashboard/invite"));
    await newPageOf.getByRole("button", { name: "Accept the invite" }).click();
    await expect(newPageOf.getByRole("heading", { name: "Overview" })).toBeVisible();

    // the new owner allows an address of theirs: confirmed with their own password, and held
    const theirs = "0x000000000000000000000000000000000000dEaD";
    await newPageOf.goto("/dashboard/settings");
    const section = newPageOf.getByRole("region", { name: "Allowed payout addresses" });
    const askedAt = Date.now();
    await section.getByLabel("Address to allow (EVM)").fill(theirs);
    await section.getByRole("button", { name: "Allow address" }).click();
    await confirmItIsMe(newPageOf, person.password);
    await expect(newPageOf.getByRole("status").filter({ hasText: `Held: ${theirs.toLowerCase()} is added at` })).toBeVisible();
    const waiting = newPageOf.getByRole("list", { name: "Waiting payout changes" });
    await expect(waiting).toContainText(theirs.toLowerCase());
    await expect(section.getByRole("cell", { name: theirs.toLowerCase(), exact: true })).toHaveCount(0);
    await checkScreen(newPageOf, testInfo, "people-held-payout-change");

    // the first owner cancels it from the link in their mail
    const held = await waitForMail(mailbox(), {
      to: owner.person!.email,
      subject: /A new owner's payout change is waiting/,
      after: askedAt,
    });
    const cancelLink = linkIn(held, "/dashboard/payout-change");
    await page.goto(cancelLink);
    await expect(page.getByRole("heading", { name: "A new owner's payout change is waiting" })).toBeVisible();
    await expect(page.getByText(newOwnerEmail).first()).toBeVisible();
    await checkScreen(page, testInfo, "people-payout-change");
    const cancelledAt = Date.now();
    await page.getByRole("button", { name: "Cancel this change" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Cancelled: ${theirs.toLowerCase()} is not added` })).toBeVisible();
    await waitForMail(mailbox(), { to: newOwnerEmail, subject: /^A held payout change was cancelled$/, after: cancelledAt });
    await page.goto(cancelLink);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await newPageOf.reload();
    await expect(newPageOf.getByRole("list", { name: "Waiting payout changes" })).toHaveCount(0);
    await expect(section.getByRole("cell", { name: theirs.toLowerCase(), exact: true })).toHaveCount(0);
    await newPageOf.context().close();
  });

  test("a passkey from Chromium's virtual authenticator signs in without a password", { tag: "@topology" }, async ({ page }, testInfo) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const d = new Dashboard(page);
    await d.signUp(unique("passkey"), "Passkey Shop");
    await page.goto("/dashboard/account");
    await page.getByLabel("Name for a new passkey").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await confirmItIsMe(page, d.person!.password);
    await expect(page.getByRole("status").filter({ hasText: "Added Test laptop." })).toBeVisible();
    await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await d.signOut();
    await page.goto("/dashboard/sign-in");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible({ timeout: 15_000 });

    // a passkey is a second factor: the password alone no longer signs in
    await d.signOut();
    await page.goto("/dashboard/sign-in");
    await page.getByLabel("Email").fill(d.person!.email);
    await page.getByLabel("Password").fill(d.person!.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Code from your authenticator app")).toBeVisible();
    await checkScreen(page, testInfo, "people-second-step");

    // removing it, in a new session, asks for the password and the passkey itself
    await page.goto("/dashboard/sign-in");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible({ timeout: 15_000 });
    await page.goto("/dashboard/account");
    await page.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    const dialog = reauthDialog(page);
    await dialog.getByLabel("Your password").fill(d.person!.password);
    await dialog.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Removed Test laptop." })).toBeVisible();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
  });

  test(
    "a stale session ends: a password changed elsewhere signs every other browser out",
    { tag: "@topology" },
    async ({ page, browser, baseURL }) => {
      const d = new Dashboard(page);
      await d.signUp(unique("stale"), "Stale Shop");
      const other = await newPage(browser, baseURL);
      await new Dashboard(other).signInPerson(d.person!);
      // a cookie planted before sign-in does not survive it (session fixation)
      const planted = await newPage(browser, baseURL);
      const host = new URL(baseURL!).hostname;
      const name = baseURL!.startsWith("https") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
      await planted
        .context()
        .addCookies([{ name, value: "planted-by-someone-else", domain: host, path: "/", secure: baseURL!.startsWith("https") }]);
      await new Dashboard(planted).signInPerson(d.person!);
      const after = (await planted.context().cookies()).find((c) => c.name === name);
      expect(after?.value).toBeTruthy();
      expect(after!.value).not.toBe("planted-by-someone-else");

      await page.goto("/dashboard/account");
      await page.getByLabel("Current password").fill(d.person!.password);
      await page.getByLabel("New password").fill(`${d.person!.password}-new`);
      await page.getByRole("button", { name: "Change password" }).click();
      await confirmItIsMe(page, d.person!.password);
      await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
      for (const p of [other, planted]) {
        await p.goto("/dashboard/sessions");
        await p.waitForURL(/\/dashboard\/sign-in/);
      }
      await new Dashboard(other).signInPerson({ ...d.person!, password: `${d.person!.password}-new` });
      await other.context().close();
      await planted.context().close();
    },
  );

  test("the sign-in pages say the same for an unknown email and a wrong password, and reset by email", async ({
    page,
    request,
  }, testInfo) => {
    const d = new Dashboard(page);
    await d.signUp(unique("reset"), "Reset Shop");
    await page.getByRole("button", { name: "I have saved it: go to my dashboard" }).click();
    await d.signOut();
    const messages: string[] = [];
    for (const who of [d.person!.email, email("nobody")]) {
      await page.goto("/dashboard/sign-in");
      await page.getByLabel("Email").fill(who);
      await page.getByLabel("Password").fill("not-the-password-1");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      messages.push((await page.getByRole("alert").filter({ hasText: /\w/ }).textContent())!);
    }
    expect(messages[0]).toBe(messages[1]);
    await checkScreen(page, testInfo, "people-sign-in-error");
    // the right password posted without next-auth's CSRF token (from another site) signs nobody in
    const forged = await request.post("/api/auth/callback/password", {
      form: { email: d.person!.email, password: d.person!.password },
      maxRedirects: 0,
    });
    expect(forged.headers()["set-cookie"] ?? "").not.toMatch(/session-token=[^;]/);

    const answers: string[] = [];
    const askedAt = Date.now();
    for (const who of [d.person!.email, email("nobody")]) {
      await page.goto("/dashboard/forgot-password");
      await page.getByLabel("Email").fill(who);
      await page.getByRole("button", { name: "Send the link" }).click();
      answers.push((await page.getByRole("status").textContent())!.replace(who, "<email>"));
    }
    expect(answers[0]).toBe(answers[1]);
    const mail = await waitForMail(mailbox(), { to: d.person!.email, subject: /Reset your password/, after: askedAt });
    await page.goto(linkIn(mail, "/dashboard/reset-password"));
    await page.getByLabel("New password").fill("password123");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "most commonly used" })).toBeVisible();
    await checkScreen(page, testInfo, "people-reset-refused");
    await page.getByLabel("New password").fill(`${d.person!.password}-reset`);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByRole("status")).toContainText("Sign in with the new one");
    await d.signInPerson({ ...d.person!, password: `${d.person!.password}-reset` });
    // an account made through the API, claimed with its key: the key no longer opens the dashboard
    const m = await createMerchant(request);
    await page.goto("/dashboard/welcome");
    await page.getByLabel("The account's API key").fill(m.apiKey);
    await page.getByRole("button", { name: "Claim this account" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await d.signOut();
    await d.signIn(m.apiKey, { expectFailure: true });
  });
});

test("every page for people passes axe in light and dark, at 320 px and on a desktop", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const d = new Dashboard(page);
  await d.signUp(unique("axe"), "Axe Shop");
  await page.getByRole("button", { name: "I have saved it: go to my dashboard" }).click();
  const signedIn = ["/dashboard/account", "/dashboard/team", "/dashboard/audit", "/dashboard/developers", "/dashboard/welcome"];
  const signedOut = [
    "/dashboard/sign-in",
    "/dashboard/sign-up",
    "/dashboard/sign-in/api-key",
    "/dashboard/forgot-password",
    "/dashboard/reset-password?token=x",
    "/dashboard/verify?token=x",
    "/dashboard/invite?token=x",
    "/dashboard/payout-change?token=x",
  ];
  // each page at 320 px in dark and on a desktop in light, checked by axe and kept as a screenshot
  const checkEach = async (paths: string[]) => {
    for (const [width, scheme] of [
      [320, "dark"],
      [1280, "light"],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await checkScreen(page, testInfo, `people${path.replace(/\?.*/, "").replaceAll("/", "-")}-${width}-${scheme}`);
      }
    }
  };
  await checkEach(signedIn);
  await page.goto("/dashboard");
  await d.signOut();
  await checkEach(signedOut);
});

test("a deployment (DATABASE_URL set) without SMTP_URL refuses to start, and says why", async () => {
  test.setTimeout(90_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // never reached: the settings are checked before the database
    DATABASE_URL: "postgres://postgres@127.0.0.1:5432/checkout_never_created",
    APP_SECRET: "86BVnB3hkMrbEGnezLSXbuki4heHZKZR-lGYG-sUhZ0",
    NEXTAUTH_SECRET: "PWELt1l4p7OXgBcRj5NWoHuhIYnHkn-yqD-GtACHqx8",
    APP_URL: "http://localhost:3389",
    LOG_LEVEL: "info",
  };
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ["scripts/server.mjs", "-p", "3389"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("refusing to start");
  expect(output).toContain("SMTP_URL must be set when DATABASE_URL is set");
  expect(output).not.toContain('"msg":"listening"');
});
