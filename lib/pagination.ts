import { type Column, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "@/lib/core/errors";

// Keyset pagination over (created_at, id), newest first.

export const listQuery = {
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 100" })
    .int({ error: "must be a whole number from 1 to 100" })
    .min(1, { error: "must be a whole number from 1 to 100" })
    .max(100, { error: "must be a whole number from 1 to 100" })
    .default(50),
  cursor: z.string().max(200).optional(),
};

type Cursor = { createdAt: Date; id: string };

/** The largest value of PostgreSQL's bigint: a key above it was never a row's, and would fail the query. */
export const INT64_MAX = 9223372036854775807n;

/** A cursor's integer key (an amount, a transaction id) as a bigint column holds it, or null: digits, 0 to INT64_MAX. */
export function cursorInt64(value: unknown): bigint | null {
  if (typeof value !== "string" || !/^\d{1,19}$/.test(value)) return null;
  const n = BigInt(value);
  return n <= INT64_MAX ? n : null;
}

/** A cursor's time as a timestamptz holds every row's, or null: a valid time in the years 1 to 9999. */
export function cursorTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const year = at.getUTCFullYear();
  return year >= 1 && year <= 9999 ? at : null;
}

export function encodeCursor(row: Cursor): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

export function decodeCursor(text: string): Cursor {
  try {
    const [iso, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    const createdAt = cursorTime(iso);
    if (typeof id !== "string" || !createdAt) throw new Error();
    return { createdAt, id };
  } catch {
    throw new AppError("VALIDATION_FAILED", "cursor: is not a cursor this API returned", { fields: { cursor: "invalid" } });
  }
}

/**
 * The condition "older than the cursor row" for a (createdAt desc, id desc) order, as a row
 * comparison, which a (…, created_at DESC, id DESC) index serves directly.
 */
export function afterCursor(createdAt: Column, id: Column, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  return sql`(${createdAt}, ${id}) < (${c.createdAt.toISOString()}::timestamptz, ${c.id})`;
}

/** Given limit+1 rows, the page and the cursor of the next one. */
export function page<T extends Cursor>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!) : null };
}
