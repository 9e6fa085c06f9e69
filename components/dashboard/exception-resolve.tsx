"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { dismissAction, markPaidAction, retryReleaseAction } from "@/actions/dashboard/exceptions";
import type { ExceptionSummary } from "@/db/schema";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { useReauth } from "./reauth";

// An owner's resolutions of an open exception, on the session's page: mark the session paid in full
// (asks them to confirm it is them first, as a change of where the money goes does), dismiss it with
// a note, or, for a blocked release, try the release again now. After one, the page is read again
// and says how it was resolved; this stays mounted (keyed by the exception) to say that it worked.

const MAX_NOTE = 500;

export function ExceptionResolve({
  sessionId,
  exception: e,
}: {
  sessionId: string;
  exception: Pick<ExceptionSummary, "id" | "kind" | "status">;
}) {
  const router = useRouter();
  const { failure, notice, pending, run, refuse } = useAction();
  const [note, setNote] = useState("");
  const guard = useReauth();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const base = useId();
  const noteId = `${base}-note`;
  const noteError = failure?.fields.note;
  const input = { sessionId, exceptionId: e.id };

  // once it worked, focus moves to what it says (the buttons it came from are gone)
  useEffect(() => {
    if (notice?.ok) said.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (noteError) noteRef.current?.focus();
  }, [noteError]);

  const refresh = () => router.refresh();
  const message = notice && (
    <p
      ref={said}
      tabIndex={-1}
      role={notice.ok ? "status" : "alert"}
      className={`mt-3 ${notice.ok ? "rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100" : ui.error}`}
    >
      {notice.text}
    </p>
  );
  // the message stays where it is when the form goes, so that focus stays on it
  return (
    <div>
      {e.status === "OPEN" && (
        <form
          className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700"
          aria-label="Resolve the exception"
          noValidate
          onSubmit={(ev) => ev.preventDefault()}
        >
          <h3 className="font-semibold">Resolve it</h3>
          <label htmlFor={noteId} className={`${ui.label} mt-2`}>
            Note
          </label>
          <p id={`${noteId}-hint`} className={`text-sm ${ui.muted}`}>
            Required to dismiss; optional when you mark it paid. Kept with the resolution and in the audit trail.
          </p>
          <textarea
            ref={noteRef}
            id={noteId}
            name="note"
            rows={2}
            maxLength={MAX_NOTE}
            value={note}
            onChange={(ev) => setNote(ev.target.value)}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={[`${noteId}-hint`, noteError && `${noteId}-error`].filter(Boolean).join(" ")}
            className={ui.input}
          />
          {noteError && (
            <p id={`${noteId}-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">
              {noteError}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={pending}
              className={`${ui.button} ${ui.primary}`}
              aria-describedby={`${base}-mark-help`}
              onClick={() =>
                void run(
                  () => guard(() => markPaidAction({ ...input, note })),
                  refresh,
                  "Marked paid in full: the session is completed, and your webhooks get session.completed.",
                )
              }
            >
              Mark paid in full
            </button>
            <button
              type="button"
              disabled={pending}
              className={`${ui.button} ${ui.secondary}`}
              onClick={() => {
                if (!note.trim()) return refuse("Say why you dismiss it: write a note first.", { note: "Say why you dismiss it." });
                void run(() => dismissAction({ ...input, note }), refresh, "Dismissed. The session is unchanged.");
              }}
            >
              Dismiss
            </button>
            {e.kind === "RELEASE_BLOCKED" && (
              <button
                type="button"
                disabled={pending}
                className={`${ui.button} ${ui.secondary}`}
                onClick={() =>
                  void run(
                    () => retryReleaseAction(input),
                    refresh,
                    (r) =>
                      r.exception.status === "RESOLVED"
                        ? "The release went through: the session is completed."
                        : "The release is being tried again now; the exception closes by itself once it goes through.",
                  )
                }
              >
                Retry the release
              </button>
            )}
          </div>
          <p id={`${base}-mark-help`} className={`mt-2 text-sm ${ui.muted}`}>
            Mark it paid in full only once you know the money reached you: the session is completed as if the USDC had come, and you are
            asked to confirm it is you.
          </p>
        </form>
      )}
      <div aria-live="polite">{message}</div>
    </div>
  );
}
