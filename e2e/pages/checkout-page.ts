import { expect, type Page } from "@playwright/test";

/** The hosted checkout page, as a payer uses it: by roles and labels. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
  }

  heading(name: string | RegExp) {
    return this.page.getByRole("heading", { name });
  }

  async choose(platform: string, currency = "USD") {
    await this.page.getByLabel("Currency").selectOption(currency);
    await this.page.getByRole("radio", { name: new RegExp(platform) }).check();
    await this.page.getByRole("button", { name: `Continue with ${platform}` }).click();
    await expect(this.heading(`Send the payment with ${platform}`)).toBeVisible();
  }

  platformOrder() {
    return this.page.getByRole("radio").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  }

  amountToSend() {
    return this.page.getByRole("definition").first();
  }

  async paymentSent() {
    await this.page.getByRole("button", { name: "I have sent the payment" }).click();
    await expect(this.heading("Waiting for your payment to be confirmed")).toBeVisible();
  }

  async simulateConfirmation() {
    await this.page.getByRole("button", { name: "Simulate bank confirmation" }).click();
  }

  async simulateRejection() {
    await this.page.getByRole("button", { name: "Simulate a rejected proof" }).click();
  }

  async cancel() {
    await this.page.getByRole("button", { name: "Cancel checkout" }).click();
    await this.page.getByRole("button", { name: "Yes, cancel" }).click();
  }
}
