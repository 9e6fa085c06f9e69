import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deliveries, events } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { AppError, conflict, invalid, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { DELIVERY } from "@/lib/state";
import { deliverClaimed, leaseFrom, newClaimToken } from "./delivery";
import { getWebhookOrThrow, retryDelivery, serializeDelivery } from "./service";

/**
 * Sends one of the merchant's events to one of its active webhooks of the same API generation, now,
 * through the delivery engine (the same body, signature and retry schedule as any delivery). An event
 * reaches a webhook once (deliveries_webhook_event_key): a first resend creates the delivery, a later
 * one retries that delivery, as the webhook page's "Resend" does. Another merchant's event or webhook
 * is refused as if it did not exist, and nothing changes.
 */
export async function resendEvent(db: Db, input: { eventId: string; webhookId: string }, { actor }: As<MerchantActor>) {
  const as = { actor, generation: "any" as const };
  const hook = await getWebhookOrThrow(db, input.webhookId, as).catch((err: unknown) => {
    // the dashboard has no API key to name: another merchant's webhook is one that does not exist
    throw err instanceof AppError && err.code === "FORBIDDEN" ? notFound("Webhook") : err;
  });
  if (hook.deletedAt) throw conflict("This webhook was deleted; it receives nothing more");
  if (!hook.active) throw conflict("This webhook is paused; turn it on to send it events");
  const [event] = await db
    .select({ id: events.id, type: events.type, apiVersion: events.apiVersion })
    .from(events)
    .where(and(eq(events.id, input.eventId), eq(events.merchantId, actor.merchantId)))
    .limit(1);
  if (!event) throw notFound("Event");
  const hookVersion = "apiVersion" in hook && hook.apiVersion === 1 ? 1 : 0;
  if (event.apiVersion !== hookVersion) {
    throw invalid("webhookId", `must be a v${event.apiVersion} webhook: this is a v${event.apiVersion} event`);
  }

  const now = new Date();
  const [created] = await db
    .insert(deliveries)
    .values({
      id: newId("dlv"),
      webhookId: hook.id,
      merchantId: actor.merchantId,
      eventId: event.id,
      eventType: event.type,
      status: DELIVERY.initial,
      nextAttemptAt: now,
      leaseUntil: leaseFrom(now), // claimed as it is written, so that this request sends it (see sendTestEvent)
      claimToken: newClaimToken(),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [deliveries.webhookId, deliveries.eventId] })
    .returning();
  if (!created) {
    const [existing] = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.webhookId, hook.id), eq(deliveries.eventId, event.id), eq(deliveries.merchantId, actor.merchantId)));
    if (!existing) throw conflict("The delivery changed while it was being resent; try again in a moment");
    return { created: false, webhookUrl: hook.url, delivery: await retryDelivery(db, hook.id, existing.id, as) };
  }
  const [outcome] = await deliverClaimed(db, [created]);
  return { created: true, webhookUrl: hook.url, delivery: serializeDelivery(outcome?.kind === "attempted" ? outcome.delivery : created) };
}
