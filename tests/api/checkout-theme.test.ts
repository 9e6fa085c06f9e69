import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { merchants } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { PRESETS } from "@/lib/theme";
import { newMerchant, newSession, randomIp, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// The checkout's theme and branding, set from the dashboard: a theme whose text would be hard to read
// is refused with the pair named and changes nothing; a saved theme reaches the payer's view and the
// settings page.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn.id)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { updateAppearance } = await import("@/actions/dashboard/profile");
const { CheckoutAppearanceSection } = await import("@/components/dashboard/checkout-appearance-section");
const renderSection = async () =>
  renderToStaticMarkup(await CheckoutAppearanceSection({ actor: dashboardMerchant(signedIn.id), name: "Corner Coffee", logoUrl: null }));

const custom = {
  presetName: "custom",
  pageBackgroundColor: "#F8FAFC",
  panelBackgroundColor: "#fff",
  panelTextColor: "#1f2937",
  panelTextMutedColor: "#4b5563",
  panelAccentColor: "#b45309",
  panelBorderColor: "#e5e7eb",
  buttonBackgroundColor: "#7c2d12",
  buttonTextColor: "#ffffff",
};

async function row() {
  const [m] = await (
    await testDb()
  )
    .select({ checkoutTheme: merchants.checkoutTheme, disableBranding: merchants.disableBranding })
    .from(merchants)
    .where(eq(merchants.id, signedIn.id));
  return m!;
}

beforeEach(async () => {
  signedIn = await newMerchant();
});

describe("checkout appearance from the dashboard", () => {
  it("refuses a theme that fails WCAG AA, naming the pair, and changes nothing", async () => {
    const r = await updateAppearance({
      theme: { ...custom, panelTextColor: "#777777", panelBackgroundColor: "#888888" },
      disableBranding: true,
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain("panelTextColor #777777 on panelBackgroundColor #888888 has contrast 1.26:1; WCAG AA needs 4.5:1");
    expect(!r.ok && r.fields).toMatchObject({ "theme.panelTextColor": expect.stringContaining("panelBackgroundColor #888888") });
    expect(await row()).toEqual({ checkoutTheme: null, disableBranding: false });

    // a saved theme stays as it was when a later one is refused
    expect(await updateAppearance({ theme: custom, disableBranding: false })).toEqual({ ok: true });
    const saved = await row();
    const refused = await updateAppearance({ theme: { ...custom, buttonTextColor: "#7c2d12" }, disableBranding: true });
    expect(!refused.ok && refused.message).toContain("buttonTextColor #7c2d12 on buttonBackgroundColor #7c2d12 has contrast 1:1");
    expect(await row()).toEqual(saved);
  });

  it("refuses colours that are not hex and unknown fields, naming them", async () => {
    for (const [theme, field] of [
      [{ ...custom, panelAccentColor: "orange" }, "panelAccentColor"],
      [{ ...custom, panelAccentColor: "#abcd" }, "panelAccentColor"],
      [{ ...custom, fontFamily: "serif" }, "fontFamily"],
      [{ presetName: "sepia" }, "presetName"],
      [{ presetName: "dark", panelTextColor: "#000000" }, "panelTextColor"],
    ] as const) {
      const r = await updateAppearance({ theme, disableBranding: false });
      expect(r.ok, JSON.stringify(theme)).toBe(false);
      expect(!r.ok && r.message).toContain(field);
    }
    for (const input of [null, "dark", { theme: { presetName: "dark" } }, { theme: { presetName: "dark" }, disableBranding: "yes" }]) {
      expect((await updateAppearance(input as never)).ok).toBe(false);
    }
    expect(await row()).toEqual({ checkoutTheme: null, disableBranding: false });
  });

  it("saves a custom theme normalised, reaches the payer's view, and the default preset is stored as null", async () => {
    expect(await updateAppearance({ theme: custom, disableBranding: true })).toEqual({ ok: true });
    const normalised = { ...custom, pageBackgroundColor: "#f8fafc", panelBackgroundColor: "#ffffff" };
    expect(await row()).toEqual({ checkoutTheme: normalised, disableBranding: true });

    const session = await newSession(signedIn);
    const view = await getCheckoutView(await testDb(), session.id);
    expect(view.merchant).toMatchObject({ theme: normalised, disableBranding: true });

    expect(await updateAppearance({ theme: { presetName: "dark" }, disableBranding: false })).toEqual({ ok: true });
    expect((await getCheckoutView(await testDb(), session.id)).merchant).toMatchObject({
      theme: { presetName: "dark" },
      disableBranding: false,
    });
    expect(await updateAppearance({ theme: { presetName: "default" }, disableBranding: false })).toEqual({ ok: true });
    expect(await row()).toEqual({ checkoutTheme: null, disableBranding: false });
    expect((await getCheckoutView(await testDb(), session.id)).merchant.theme).toEqual({ presetName: "default" });
  });

  it("the settings section shows the saved theme in its form and preview", async () => {
    await updateAppearance({ theme: { ...custom, presetName: "custom" }, disableBranding: true });
    const html = await renderSection();
    expect(html).toContain("Checkout appearance");
    expect(html).toMatch(/<input[^>]*value="custom"[^>]*checked|<input[^>]*checked[^>]*value="custom"/);
    expect(html).toContain('data-checkout-theme="custom"');
    expect(html).toContain("--ck-button-bg:#7c2d12");
    // branding off: the preview has no service mark
    expect(html).not.toContain("Secure checkout by");
    await updateAppearance({ theme: { presetName: "light" }, disableBranding: false });
    const light = await renderSection();
    expect(light).toContain(`--ck-page-bg:${PRESETS.light.pageBackgroundColor}`);
    expect(light).toContain("Secure checkout by");
  });
});
