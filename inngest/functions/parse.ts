import { NonRetriableError } from "inngest";
import type { z } from "zod";

/**
 * Parses an event's data. A payload that does not fit will never fit, so the run fails without
 * Inngest retrying it; the message names each bad field ("deliveryId: …").
 */
export function parseEventData<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new NonRetriableError(
    `invalid event data: ${result.error.issues.map((i) => `${i.path.join(".") || "data"}: ${i.message}`).join("; ")}`,
  );
}
