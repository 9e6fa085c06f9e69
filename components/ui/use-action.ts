"use client";

import { useState } from "react";
import type { FormNotice } from "./form-message";

/** What a failed server action (lib/http/action.ts) answers: a message, and the fields it names. */
export type Failure = { message: string; fields: Record<string, string> };
// a failure as server actions answer it (ActionFailure, with `reauth` when a re-authentication is asked
// for), and as some forms declare it: both listed, so that R is inferred as the success alone
type Answer<R> =
  | R
  | { ok: false; message: string; fields?: Record<string, string> }
  | { ok: false; message: string; fields?: Record<string, string>; reauth?: true };

export const UNREACHABLE = "We could not reach the service. Try again.";

/**
 * Runs a form's server action: pending while it runs, the failure (with its fields) when it answers
 * one or cannot be reached, and `notice` (a success's text, or the failure's) for forms that say how
 * it went in a FormMessage (`done`: the success's text, or made from the answer). A form's own check
 * before it calls says its refusal with `refuse`. A call that answers null (a re-authentication the person cancelled,
 * components/dashboard/reauth.tsx) leaves the form as it was.
 */
export function useAction() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [pending, setPending] = useState(false);

  async function run<R extends { ok: true }>(
    call: () => Promise<Answer<R> | null>,
    onOk?: (r: R) => void | Promise<void>,
    done?: string | ((r: R) => string),
  ) {
    setPending(true);
    setFailure(null);
    setNotice(null);
    try {
      const r = await call();
      if (!r) return;
      if (r.ok) {
        if (done) setNotice({ ok: true, text: typeof done === "string" ? done : done(r) });
        await onOk?.(r);
      } else {
        setFailure({ message: r.message, fields: r.fields ?? {} });
        setNotice({ ok: false, text: r.message });
      }
    } catch {
      setFailure({ message: UNREACHABLE, fields: {} });
      setNotice({ ok: false, text: UNREACHABLE });
    } finally {
      setPending(false);
    }
  }

  /** A refusal of the form's own (a check made before any call), said as a failure would be. */
  function refuse(message: string, fields: Record<string, string> = {}) {
    setFailure({ message, fields });
    setNotice({ ok: false, text: message });
  }

  return { failure, notice, pending, run, refuse, setFailure };
}
