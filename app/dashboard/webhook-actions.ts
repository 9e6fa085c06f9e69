"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { validationError } from "@/lib/http/validation";
import { createWebhookBody, updateWebhookBody } from "@/lib/schemas";
import { createWebhook, deleteWebhook, retryDelivery, rotateWebhookSecret, sendTestEvent, updateWebhook } from "@/lib/webhooks/service";

// Dashboard actions on webhooks: the signed-in merchant's own only (every service call filters by
// it), the same validation as the API, errors as messages.

type Result<T = undefined> = { ok: true; data: T } | { ok: false; message: string };

async function guarded<T>(fn: (merchantId: string) => Promise<T>): Promise<Result<T>> {
  const { merchantId } = await requireMerchant();
  try {
    const data = await fn(merchantId);
    revalidatePath("/dashboard/webhooks", "layout");
    return { ok: true, data };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
}

export async function createWebhookAction(input: { url: string; events: string[] }) {
  const parsed = createWebhookBody.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: validationError(parsed.error, "body").message };
  return guarded(async (merchantId) => {
    const w = await createWebhook(await getDb(), parsed.data, { merchantId });
    return { id: w.id, secret: w.secret };
  });
}

export async function updateWebhookAction(id: string, input: { url?: string; events?: string[]; active?: boolean }) {
  const parsed = updateWebhookBody.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: validationError(parsed.error, "body").message };
  return guarded(async (merchantId) => {
    await updateWebhook(await getDb(), String(id), parsed.data, { merchantId });
  });
}

export async function deleteWebhookAction(id: string) {
  return guarded(async (merchantId) => deleteWebhook(await getDb(), String(id), { merchantId }));
}

export async function testWebhookAction(id: string) {
  return guarded(async (merchantId) => sendTestEvent(await getDb(), String(id), { merchantId }));
}

export async function rotateSecretAction(id: string) {
  return guarded(async (merchantId) => (await rotateWebhookSecret(await getDb(), String(id), { merchantId })).secret);
}

export async function resendDeliveryAction(webhookId: string, deliveryId: string) {
  return guarded(async (merchantId) => {
    const d = await retryDelivery(await getDb(), String(webhookId), String(deliveryId), { merchantId });
    return { status: d.status, responseCode: d.responseCode };
  });
}
