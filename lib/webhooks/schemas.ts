import { z } from "zod";
import { str } from "@/lib/core/fields";
import { EVENT_TYPES, V1_EVENT_TYPES } from "@/lib/events/types";
import { listQuery } from "@/lib/pagination";
import { DELIVERY } from "@/lib/state";
import {
  HEADER_NAME_PATTERN,
  HEADER_VALUE_PATTERN,
  isMaskedHeaderValue,
  isReservedHeader,
  MAX_CUSTOM_HEADERS,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
} from "./custom-headers";

// Request schemas of the webhook endpoints, in both API generations side by side: v0's
// (/api/webhooks, docs/api.md) and v1's (/api/v1/webhooks, docs/api-v1.md: v1 events, custom
// headers). Both share the deliveries' params and query. Unknown fields are refused.

const eventList = z
  .array(z.enum(EVENT_TYPES, { error: `must be event names: ${EVENT_TYPES.join(", ")}` }), { error: "must be an array of event names" })
  .max(EVENT_TYPES.length * 2);

export const webhookUrl = str()
  .max(2048, { error: "must be at most 2048 characters" })
  .refine(
    (v) => {
      try {
        return Boolean(new URL(v).hostname);
      } catch {
        return false;
      }
    },
    { error: "must be an absolute URL" },
  );

export const createWebhookBody = z.strictObject({ url: webhookUrl, events: eventList.optional() });
export const updateWebhookBody = z.strictObject({
  url: webhookUrl.optional(),
  events: eventList.optional(),
  active: z.boolean({ error: "must be true or false" }).optional(),
});

export const webhookDeliveryParams = z.object({ id: z.string().min(1).max(100), deliveryId: z.string().min(1).max(100) });

export const deliveryListQuery = z.object({
  ...listQuery,
  status: z
    .enum(DELIVERY.statuses, { error: `must be ${DELIVERY.statuses.slice(0, -1).join(", ")} or ${DELIVERY.statuses.at(-1)}` })
    .optional(),
  eventType: z.string().max(60).optional(),
});

// ——— v1 ———

const v1EventList = z
  .array(z.enum(V1_EVENT_TYPES, { error: `must be event names: ${V1_EVENT_TYPES.join(", ")}` }), {
    error: "must be an array of event names",
  })
  .max(V1_EVENT_TYPES.length * 2, { error: `must have at most ${V1_EVENT_TYPES.length * 2} entries` });

const headerName = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(MAX_HEADER_NAME_LENGTH, { error: `must be at most ${MAX_HEADER_NAME_LENGTH} characters` })
  .regex(HEADER_NAME_PATTERN, { error: "must be a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)" })
  .refine((k) => !isReservedHeader(k), {
    error: "is a header every delivery sets itself (signature, content or connection); choose another",
  });

const headerValue = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(MAX_HEADER_VALUE_LENGTH, { error: `must be at most ${MAX_HEADER_VALUE_LENGTH} characters` })
  // or a value exactly as an answer showed it masked, which keeps the stored one (lib/webhooks/custom-headers.ts)
  .refine((v) => HEADER_VALUE_PATTERN.test(v) || isMaskedHeaderValue(v), {
    error: "must be visible ASCII characters and spaces only (no line breaks or control characters)",
  })
  .refine((v) => v.trim() === v, { error: "must not start or end with a space" });

/** [{ key, value }]: at most 10, names unique whatever their case. */
export const customHeaders = z
  .array(z.strictObject({ key: headerName, value: headerValue }, { error: "must be an object { key, value }" }), {
    error: "must be an array of { key, value } objects",
  })
  .max(MAX_CUSTOM_HEADERS, { error: `must have at most ${MAX_CUSTOM_HEADERS} headers` })
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach(({ key }, i) => {
      const first = seen.get(key.toLowerCase());
      if (first === undefined) seen.set(key.toLowerCase(), i);
      else
        ctx.addIssue({
          code: "custom",
          path: [i, "key"],
          message: `repeats customHeaders.${first}.key (header names are case-insensitive)`,
        });
    });
  });

export const createV1WebhookBody = z.strictObject({
  url: webhookUrl,
  events: v1EventList.optional(),
  customHeaders: customHeaders.optional(),
});

export const updateV1WebhookBody = z.strictObject({
  url: webhookUrl.optional(),
  events: v1EventList.optional(),
  active: z.boolean({ error: "must be true or false" }).optional(),
  customHeaders: customHeaders.optional(),
});
