import { expect, type Page } from "@playwright/test";

/** The merchant dashboard, as a merchant uses it: by roles and labels. */
export class Dashboard {
  constructor(readonly page: Page) {}

  async signUp(name: string, displayName: string): Promise<string> {
    await this.page.goto("/dashboard/sign-up");
    await this.page.getByLabel(/^Name/).fill(name);
    await this.page.getByLabel(/^Display name/).fill(displayName);
    await this.page.getByRole("button", { name: "Create account" }).click();
    await expect(this.page.getByText("it will not be shown again")).toBeVisible();
    return (await this.page.getByTestId("api-key").textContent())!.trim();
  }

  /** Signs in and waits for the overview; with `expectFailure`, for the error instead. */
  async signIn(apiKey: string, { expectFailure = false } = {}) {
    await this.page.goto("/dashboard/sign-in");
    await this.page.getByLabel("API key").fill(apiKey);
    await this.page.getByRole("button", { name: "Sign in" }).click();
    if (expectFailure) await expect(this.page.getByRole("alert").filter({ hasText: "not valid" })).toBeVisible();
    // a time limit for a stuck page, not a speed target (those are in bench/): in the production
    // topology, right after the fault tests have restarted its processes, an overview once took 6 s
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
