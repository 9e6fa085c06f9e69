import { z } from "zod";
import { V1_EVENT_TYPES } from "@/lib/events/types";
import { webhookUrl } from "@/lib/schemas";
import {
  HEADER_NAME_PATTERN,
  HEADER_VALUE_PATTERN,
  isMaskedHeaderValue,
  isReservedHeader,
  MAX_CUSTOM_HEADERS,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
} from "@/lib/webhooks/custom-headers";

// Request schemas of the v1 API (/api/v1/…, docs/api-v1.md) that are its own; v1 routes reuse the
// v0 schemas wherever the shapes agree (ids, list queries, empty bodies). Unknown fields are refused.

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
