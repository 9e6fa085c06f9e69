"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createMerchant, updateCheckoutAppearance, updateMerchant } from "@/lib/merchants/service";
import { createMerchantBody, updateMerchantBody } from "@/lib/schemas";
import { checkoutThemeInput, fieldMessage } from "@/lib/theme";

export type SignUpResult = { ok: true; apiKey: string; name: string } | ActionFailure;

type SignUpInput = { name: string; displayName?: string; logoUrl?: string };
type ProfileInput = { displayName: string; logoUrl: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// Sign-up from the dashboard: the same rules, rate limit and service as POST /api/merchants.
export const signUp: (input: SignUpInput) => Promise<SignUpResult> = action(
  {
    name: "dashboard.sign-up",
    input: createMerchantBody,
    // the form sends every field; an empty one is a field left out
    from: (input: SignUpInput) =>
      isObject(input) ? Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== "")) : input,
    actor: "public",
    rateLimit: RATE_RULES.signup,
    tooMany: (seconds) => `Too many sign-ups from your address. Try again in ${Math.ceil(seconds / 60)} minutes.`,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input }) => {
    const m = await createMerchant(db, input);
    return { ok: true as const, apiKey: m.apiKey, name: m.name };
  },
);

// the form's two fields, whatever else came along; an empty logo field removes the logo
const profileInput = z.preprocess(
  (v) => (isObject(v) ? { displayName: v.displayName, logoUrl: typeof v.logoUrl === "string" ? v.logoUrl.trim() || null : v.logoUrl } : v),
  updateMerchantBody,
);

/** Settings: display name and logo of the signed-in merchant. */
export const updateProfile: (input: ProfileInput) => Promise<{ ok: true } | ActionFailure> = action(
  {
    name: "dashboard.profile",
    input: profileInput,
    actor: "merchant",
    invalid: (fields) => (fields.body ? "Enter a display name and a logo URL." : undefined),
  },
  async ({ db, input, actor }) => {
    await updateMerchant(db, actor.merchantId, input, { actor });
    revalidatePath("/dashboard", "layout");
    return { ok: true as const };
  },
);

type AppearanceInput = { theme: unknown; disableBranding: boolean };

const appearanceInput = z.strictObject({ theme: checkoutThemeInput, disableBranding: z.boolean() });

/**
 * Settings: the checkout's theme and branding switch. A theme that fails the contrast rule
 * (lib/theme.ts) is refused with the failing pairs named, and nothing is saved.
 */
export const updateAppearance: (input: AppearanceInput) => Promise<{ ok: true } | ActionFailure> = action(
  {
    name: "dashboard.appearance",
    input: appearanceInput,
    actor: "merchant",
    invalid: (fields) =>
      fields.body
        ? "Choose a theme and whether to show the service's name."
        : Object.entries(fields)
            .map(([field, message]) => fieldMessage(field.replace(/^theme\./, ""), message))
            .join("; "),
  },
  async ({ db, input, actor }) => {
    await updateCheckoutAppearance(db, input, { actor });
    revalidatePath("/dashboard/settings");
    return { ok: true as const };
  },
);
