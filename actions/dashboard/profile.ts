"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { updateCheckoutAppearance, updateMerchant } from "@/lib/merchants/service";
import { updateMerchantBody } from "@/lib/merchants/schemas";
import { checkoutThemeInput, fieldMessage } from "@/lib/theme";

type ProfileInput = { displayName: string; logoUrl: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

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
    role: "owner",
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
