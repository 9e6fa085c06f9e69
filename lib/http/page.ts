import { notFound } from "next/navigation";
import { AppError } from "@/lib/core/errors";
import { storableTextProblem } from "./validation";

// How a page (a server component) answers a failed query. Only what the visitor can act on is
// shown in the page; every other failure (the database is down, a bug) reaches the error boundary
// (error.tsx), so a failure never looks like an empty list.

/** Another merchant's resource is as invisible as one that does not exist: both render the not-found page. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof AppError && (err.code === "NOT_FOUND" || err.code === "FORBIDDEN")) notFound();
    throw err;
  }
}

export type Shown<T> = { ok: true; value: T } | { ok: false; message: string };

/** A query whose input came from the visitor (a filter, a cursor, an id in the address): its refusal is a message. */
export async function orMessage<T>(lookup: Promise<T>): Promise<Shown<T>> {
  try {
    return { ok: true, value: await lookup };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, message: err.message };
    throw err;
  }
}

/** An id from the address that no row could have (NUL, unpaired surrogates): the not-found page, before any query. */
export function addressId(id: string): string {
  if (storableTextProblem(id, "id")) notFound();
  return id;
}

/** Search parameters no query could hold (NUL, unpaired surrogates): the message to show instead of querying. */
export function searchProblem(raw: Record<string, unknown>): string | null {
  return storableTextProblem(raw, "query");
}
