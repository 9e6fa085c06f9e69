"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { parseWith, storableTextProblem } from "@/lib/http/validation";
import { createWebhookBody, updateWebhookBody } from "@/lib/schemas";
import { createWebhook, deleteWebhook, retryDelivery, rotateWebhookSecret, sendTestEvent, updateWebhook } from "@/lib/webhooks/service";

// Dashboard actions on webhooks: the signed-in merchant's own only (every service call filters by
// it), the same validation as the API, errors as messages.

type Result<T = undefined> = { ok: true; data: T } | { ok: false; message: string };

/** `input`: everything the caller sent, checked for text PostgreSQL cannot store, as the API does. */
async function guarded<T>(input: Record<string, unknown>, fn: (merchantId: string) => Promise<T>): Promise<Result<T>> {
  const { merchantId } = await requireMerchant();
  const problem = storableTextProblem(input, "body");
  if (problem) return { ok: false, message: problem };
  try {
    const data = await fn(merchantId);
    revalidatePath("/dashboard/webhooks", "layout");
    return { ok: true, data };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
}

// a non-object input fails the schema before it reaches a query; an object's fields are checked by name
const fields = (input: unknown): Record<string, unknown> => (typeof input === "object" && input !== null && !Array.isArray(input) ? { ...input } : {});

export async function createWebhookAction(input: { url: string; events: string[] }) {
  return guarded(fields(input), async (merchantId) => {
    const w = await createWebhook(await getDb(), parseWith(createWebhookBody, input, "body"), { merchantId });
    return { id: w.id, secret: w.secret };
  });
}

export async function updateWebhookAction(id: string, input: { url?: string; events?: string[]; active?: boolean }) {
  return guarded({ ...fields(input), id }, async (merchantId) => {
    await updateWebhook(await getDb(), String(id), parseWith(updateWebhookBody, input, "body"), { merchantId });
  });
}

export async function deleteWebhookAction(id: string) {
  return guarded({ id }, async (merchantId) => deleteWebhook(await getDb(), String(id), { merchantId }));
}

export async function testWebhookAction(id: string) {
  return guarded({ id }, async (merchantId) => sendTestEvent(await getDb(), String(id), { merchantId }));
}

export async function rotateSecretAction(id: string) {
  return guarded({ id }, async (merchantId) => (await rotateWebhookSecret(await getDb(), String(id), { merchantId })).secret);
}

export async function resendDeliveryAction(webhookId: string, deliveryId: string) {
  return guarded({ webhookId, deliveryId }, async (merchantId) => {
    const d = await retryDelivery(await getDb(), String(webhookId), String(deliveryId), { merchantId });
    return { status: d.status, responseCode: d.responseCode };
  });
}
