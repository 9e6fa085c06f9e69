"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { EVENT_TYPES, V1_EVENT_TYPES } from "@/lib/events/types";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createWebhookBody, updateWebhookBody } from "@/lib/webhooks/schemas";
import { retryAllFailed } from "@/lib/webhooks/health";
import { createWebhook, deleteWebhook, retryDelivery, rotateWebhookSecret, sendTestEvent, updateWebhook } from "@/lib/webhooks/service";

// Dashboard actions on webhooks: the signed-in merchant's own only (every service call filters by
// it), the same validation as the API, errors as messages. The dashboard manages the webhooks of both
// API generations ("any"); the ones it creates are v0 webhooks.

const ANY = { generation: "any" } as const;
// a webhook's own generation decides which names it takes (the service checks)
const anyEvents = z
  .array(z.enum([...EVENT_TYPES, ...V1_EVENT_TYPES], { error: "must be event names" }), { error: "must be an array of event names" })
  .max((EVENT_TYPES.length + V1_EVENT_TYPES.length) * 2);

type Result<T = undefined> = { ok: true; data: T } | ActionFailure;

const done = <T>(data: T): { ok: true; data: T } => {
  revalidatePath("/dashboard/webhooks", "layout");
  return { ok: true, data };
};

// the id travels beside the body's fields, so messages name them as the API does ("url: …")
const withId = (id: string, input: unknown) =>
  typeof input === "object" && input !== null && !Array.isArray(input) ? { ...input, id } : input;
const byId = z.strictObject({ id: z.string() });

export const createWebhookAction: (input: { url: string; events: string[] }) => Promise<Result<{ id: string; secret: string }>> = action(
  { name: "dashboard.webhook.create", input: createWebhookBody, actor: "merchant" },
  async ({ db, input, actor }) => {
    const w = await createWebhook(db, input, { actor });
    return done({ id: w.id, secret: w.secret });
  },
);

export const updateWebhookAction: (id: string, input: { url?: string; events?: string[]; active?: boolean }) => Promise<Result> = action(
  {
    name: "dashboard.webhook.update",
    input: updateWebhookBody.extend({ id: z.string(), events: anyEvents.optional() }),
    from: withId,
    actor: "merchant",
  },
  async ({ db, input: { id, ...patch }, actor }) => {
    await updateWebhook(db, id, patch, { actor, ...ANY });
    return done(undefined);
  },
);

export const deleteWebhookAction = action(
  { name: "dashboard.webhook.delete", input: byId, from: (id: string) => ({ id }), actor: "merchant" },
  async ({ db, input, actor }) => done(await deleteWebhook(db, input.id, { actor, ...ANY })),
);

// the sends wait on the merchant's endpoint: outside a transaction, their audit record written first
export const testWebhookAction = action(
  {
    name: "dashboard.webhook.test",
    input: byId,
    from: (id: string) => ({ id }),
    actor: "merchant",
    rateLimit: RATE_RULES.webhookSends,
    transaction: false,
  },
  async ({ db, input, actor }) => done(await sendTestEvent(db, input.id, { actor, ...ANY })),
);

export const rotateSecretAction: (id: string) => Promise<Result<string>> = action(
  { name: "dashboard.webhook.rotate", input: byId, from: (id: string) => ({ id }), actor: "merchant", rateLimit: RATE_RULES.webhookSends },
  async ({ db, input, actor }) => done((await rotateWebhookSecret(db, input.id, { actor, ...ANY })).secret),
);

export const resendDeliveryAction = action(
  {
    name: "dashboard.webhook.resend",
    input: z.strictObject({ webhookId: z.string(), deliveryId: z.string() }),
    from: (webhookId: string, deliveryId: string) => ({ webhookId, deliveryId }),
    actor: "merchant",
    rateLimit: RATE_RULES.webhookSends,
    transaction: false,
  },
  async ({ db, input, actor }) => {
    const d = await retryDelivery(db, input.webhookId, input.deliveryId, { actor, ...ANY });
    return done({ status: d.status, responseCode: d.responseCode });
  },
);

/** Requeues the webhook's FAILED deliveries (the signed-in merchant's only), a batch at a time; says how many, and whether more are left. */
export const retryAllFailedAction: (id: string) => Promise<Result<{ queued: number; more: boolean }>> = action(
  {
    name: "dashboard.webhook.retryAllFailed",
    input: byId,
    from: (id: string) => ({ id }),
    actor: "merchant",
    rateLimit: RATE_RULES.webhookSends,
  },
  async ({ db, input, actor }) => done(await retryAllFailed(db, input.id, { actor, ...ANY })),
);
