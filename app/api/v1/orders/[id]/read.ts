import { orderParams, orderQuery } from "@/lib/sessions/schemas";

/** How the routes that read an order (it, its payments) take their request: the merchant's key, or the order's token (?token= or X-Order-Token). */
export const READ_ORDER = {
  generation: 1,
  auth: "merchantOrPayer",
  session: ({ params }: { params: Record<string, unknown> }) => String(params.id ?? ""),
  params: orderParams,
  query: orderQuery,
} as const;

/** What either answers besides success: a wrong token 401, another merchant's key 403, an unknown id 404. */
export const READ_ORDER_ERRORS = [401, 403, 404];
