"use server";

import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { AppError } from "@/lib/errors";
import { hitRateLimit, RATE_RULES } from "@/lib/http/rate-limit";
import { clientIp } from "@/lib/http/route";
import { storableTextProblem, validationError } from "@/lib/http/validation";
import { requireMerchant } from "@/lib/auth/session";
import { createMerchant, updateMerchant } from "@/lib/merchants/service";
import { createMerchantBody, updateMerchantBody } from "@/lib/schemas";
import { revalidatePath } from "next/cache";

export type SignUpResult =
  | { ok: true; apiKey: string; name: string }
  | { ok: false; message: string; fields?: Record<string, string> };

// Sign-up from the dashboard: the same rules, rate limit and service as POST /api/merchants.
export async function signUp(input: { name: string; displayName?: string; logoUrl?: string }): Promise<SignUpResult> {
  // an action can be called with anything: refuse what PostgreSQL cannot store, as the API does
  const problem = storableTextProblem(input, "body");
  if (problem) return { ok: false, message: problem };
  const body = Object.fromEntries(Object.entries(isObject(input) ? input : {}).filter(([, v]) => v !== undefined && v !== ""));
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
  const problem = storableTextProblem(input, "body");
  if (problem) return { ok: false, message: problem };
  if (!isObject(input)) return { ok: false, message: "Enter a display name and a logo URL." };
  const given: Record<string, unknown> = input;
  // an empty logo field removes the logo
  const logoUrl = typeof given.logoUrl === "string" ? given.logoUrl.trim() || null : given.logoUrl;
  const parsed = updateMerchantBody.safeParse({ displayName: given.displayName, logoUrl });
  if (!parsed.success) return { ok: false, message: validationError(parsed.error, "body").message };
  try {
    await updateMerchant(await getDb(), merchantId, parsed.data, { merchantId });
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
  revalidatePath("/dashboard", "layout");
  return { ok: true };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
