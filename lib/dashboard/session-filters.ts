import { z } from "zod";
import { MoneyFormatError, parseUsdc } from "@/lib/core/money";
import { PAYMENT_PLATFORMS } from "@/lib/rail/platforms";
import { sessionListQuery } from "@/lib/sessions/schemas";
import { SESSION_SORTS, type SessionFilters, type SessionSort } from "@/lib/sessions/search";

// The dashboard's sessions filters, read from the page's address (so a filtered list can be shared
// and bookmarked) by the list and by its CSV export alike. The public API's sessionListQuery is left
// as it is: its status and q are reused here, the rest exist only in the dashboard.
// Dates are calendar days in UTC, so a shared address means the same rows to everyone.

export const SORT_LABELS: Record<SessionSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  amount_desc: "Amount, high to low",
  amount_asc: "Amount, low to high",
};

/** The address's parameter names, in the order the form shows them, with the label each field has. */
export const FILTER_LABELS = {
  status: "Status",
  platform: "Payment platform",
  exception: "Exceptions",
  from: "Created from (UTC)",
  to: "Created to (UTC)",
  min: "Minimum amount (USDC)",
  max: "Maximum amount (USDC)",
  q: "Session id or metadata value",
  sort: "Sort",
  cursor: "Page",
} as const;
export type FilterParam = keyof typeof FILTER_LABELS;

const INT8_MAX = 2n ** 63n - 1n;
const DAY_MS = 86_400_000;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date like 2026-11-23" })
  .transform((text, ctx) => {
    const at = new Date(`${text}T00:00:00.000Z`);
    // "2026-02-30" parses to March; a day that does not exist is refused, not moved
    if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text || at.getUTCFullYear() < 1970) {
      ctx.addIssue({ code: "custom", message: "must be a date like 2026-11-23, from 1970 on" });
      return z.NEVER;
    }
    return at;
  });

const usdc = z.string().transform((text, ctx) => {
  try {
    // beyond what a bigint column holds, "at most" is everything and "at least" is nothing: the largest one says both
    const micro = parseUsdc(text.trim());
    return micro > INT8_MAX ? INT8_MAX : micro;
  } catch (err) {
    if (!(err instanceof MoneyFormatError)) throw err;
    ctx.addIssue({ code: "custom", message: `"${text.slice(0, 20)}" is not an amount like 12.50 (digits, at most 6 decimals)` });
    return z.NEVER;
  }
});

export const dashboardSessionQuery = z
  .object({
    status: sessionListQuery.shape.status,
    q: sessionListQuery.shape.q,
    cursor: sessionListQuery.shape.cursor,
    platform: z.enum(PAYMENT_PLATFORMS, { error: "must be one of the listed payment platforms" }).optional(),
    exception: z.enum(["open", "any"], { error: "must be one of the listed choices" }).optional(),
    from: day.optional(),
    to: day.optional(),
    min: usdc.optional(),
    max: usdc.optional(),
    sort: z.enum(SESSION_SORTS, { error: "must be one of the listed orders" }).default("newest"),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after the from date" });
    if (v.min !== undefined && v.max !== undefined && v.min > v.max)
      ctx.addIssue({ code: "custom", path: ["max"], message: "must not be less than the minimum amount" });
  });

export type ParsedSessionQuery =
  | { ok: true; filters: SessionFilters; sort: SessionSort; cursor?: string }
  | { ok: false; problems: { field: FilterParam; message: string }[] };

/** The set parameters of an address (the first value of a repeated one; empty ones dropped). */
export function filterParams(raw: URLSearchParams | Record<string, string | string[] | undefined>): Partial<Record<FilterParam, string>> {
  const out: Partial<Record<FilterParam, string>> = {};
  for (const name of Object.keys(FILTER_LABELS) as FilterParam[]) {
    const value = raw instanceof URLSearchParams ? raw.get(name) : raw[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first) out[name] = first;
  }
  return out;
}

/** The filters, sort and cursor an address asks for, or what is wrong with each field, in the form's words. */
export function parseSessionQuery(params: Partial<Record<FilterParam, string>>): ParsedSessionQuery {
  const parsed = dashboardSessionQuery.safeParse(params);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = (issue.path[0] as FilterParam | undefined) ?? "q";
      return { field, message: `${FILTER_LABELS[field] ?? field}: ${issue.message}` };
    });
    return { ok: false, problems };
  }
  const v = parsed.data;
  const dayAfter = v.to ? new Date(v.to.getTime() + DAY_MS) : undefined;
  return {
    ok: true,
    sort: v.sort,
    cursor: v.cursor,
    filters: {
      status: v.status,
      q: v.q,
      platform: v.platform,
      exception: v.exception,
      createdFrom: v.from,
      // the to date is inclusive; past 9999-12-31 there is no day after (and nothing to leave out)
      createdBefore: dayAfter && dayAfter.getUTCFullYear() <= 9999 ? dayAfter : undefined,
      amountMin: v.min,
      amountMax: v.max,
    },
  };
}

/** Whether any filter (not the sort, not the page) narrows the list. */
export function isFiltered(params: Partial<Record<FilterParam, string>>): boolean {
  return (["status", "platform", "exception", "from", "to", "min", "max", "q"] as const).some((name) => Boolean(params[name]));
}
