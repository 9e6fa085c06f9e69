"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ExceptionSummary } from "@/db/schema";
import { dismissException, markPaidInFull, MAX_NOTE } from "@/lib/sessions/exceptions";
import { retryReleaseNow } from "@/lib/orders/sandbox-exceptions";
import { type ActionFailure, action } from "@/lib/http/action";

// How an owner resolves an exception from the session's page (lib/sessions/exceptions.ts, which
// writes each audit record): marking it paid in full completes the session, so it asks for a recent
// re-authentication as a change of where the money goes does; dismissing it needs a note saying why.

const ids = { sessionId: z.string().trim().min(1).max(100), exceptionId: z.string().trim().min(1).max(100) };
const note = z
  .string()
  .trim()
  .max(MAX_NOTE, { error: `At most ${MAX_NOTE} characters` });

type Resolved = { ok: true; exception: ExceptionSummary };

const done = (sessionId: string) => {
  revalidatePath(`/dashboard/sessions/${sessionId}`);
  revalidatePath("/dashboard/exceptions");
};

/** The session is paid in full: COMPLETED with markedBy, and session.completed goes out. */
export const markPaidAction: (input: { sessionId: string; exceptionId: string; note?: string }) => Promise<Resolved | ActionFailure> =
  action(
    {
      name: "dashboard.exception.mark-paid",
      input: z.strictObject({ ...ids, note: note.optional() }),
      actor: "merchant",
      role: "owner",
      audit: false,
      reauth: true,
      invalid: "Check the highlighted fields.",
    },
    async ({ db, input, actor }) => {
      const { exception } = await markPaidInFull(db, actor, { ...input, note: input.note || undefined });
      done(input.sessionId);
      return { ok: true as const, exception };
    },
  );

/** Nothing is owed: the exception is resolved DISMISSED with the owner's note; the session is unchanged. */
export const dismissAction: (input: { sessionId: string; exceptionId: string; note: string }) => Promise<Resolved | ActionFailure> = action(
  {
    name: "dashboard.exception.dismiss",
    input: z.strictObject({ ...ids, note: note.min(1, { error: "Say why you dismiss it" }) }),
    actor: "merchant",
    role: "owner",
    audit: false,
    invalid: (fields) => (fields.note ? `Note: ${fields.note}.` : "Check the highlighted fields."),
  },
  async ({ db, input, actor }) => {
    const { exception } = await dismissException(db, actor, input);
    done(input.sessionId);
    return { ok: true as const, exception };
  },
);

/** A blocked release is tried again now; the exception stays open until it goes through. */
export const retryReleaseAction: (input: { sessionId: string; exceptionId: string }) => Promise<Resolved | ActionFailure> = action(
  {
    name: "dashboard.exception.retry-release",
    input: z.strictObject(ids),
    actor: "merchant",
    role: "owner",
    audit: false,
  },
  async ({ db, input, actor }) => {
    const { exception } = await retryReleaseNow(db, actor, input);
    done(input.sessionId);
    return { ok: true as const, exception };
  },
);
