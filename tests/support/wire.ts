import type { components } from "@/packages/client/src/schema";

// What the API answers, typed by the OpenAPI document's named schemas (packages/client/src/schema.d.ts,
// generated from it): tests read an answer's parts as these rather than as any.

export type Wire<N extends keyof components["schemas"]> = components["schemas"][N];
