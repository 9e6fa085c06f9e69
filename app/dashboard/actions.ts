"use server";

import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { AppError } from "@/lib/errors";
import { hitRateLimit, RATE_RULES } from "@/lib/http/rate-limit";
import { clientIp } from "@/lib/http/route";
import { validationError } from "@/lib/http/validation";
import { requireMerchant } from "@/lib/auth/session";
import { createMerchant, updateMerchant } from "@/lib/merchants/service";
import { createMerchantBody, updateMerchantBody } from "@/lib/schemas";
import { revalidatePath } from "next/cache";

export type SignUpResult =
  | { ok: true; apiKey: string; name: string }
  | { ok: false; message: string; fields?: Record<string, string> };

// Sign-up from the dashboard: the same rules, rate limit and service as POST /api/merchants.
export async function signUp(input: { name: string; displayName?: string; logoUrl?: string }): Promise<SignUpResult> {
  const body = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = createMerchantBody.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, message: "Check the highlighted fields.", fields };
  }
  const db = await getDb();
  const limit = await hitRateLimit(db, RATE_RULES.signup, `ip:${clientIp(await headers())}`);
  if (!limit.allowed) return { ok: false, message: `Too many sign-ups from your address. Try again in ${Math.ceil(limit.resetSeconds / 60)} minutes.` };
  try {
    const m = await createMerchant(db, parsed.data);
    return { ok: true, apiKey: m.apiKey, name: m.name };
  } catch (err) {
    if (err instanceof AppError && err.code === "NAME_TAKEN") return { ok: false, message: "That name is taken.", fields: { name: "already taken" } };
    throw err;
  }
}

/** Settings: display name and logo of the signed-in merchant. */
export async function updateProfile(input: { displayName: string; logoUrl: string }): Promise<{ ok: true } | { ok: false; message: string }> {
  const { merchantId } = await requireMerchant();
  const parsed = updateMerchantBody.safeParse({ displayName: input.displayName, logoUrl: input.logoUrl.trim() ? input.logoUrl.trim() : null });
  if (!parsed.success) return { ok: false, message: validationError(parsed.error, "body").message };
  await updateMerchant(await getDb(), merchantId, parsed.data, { merchantId });
  revalidatePath("/dashboard", "layout");
  return { ok: true };
}
