"use client";

import { useState } from "react";
import type { FormNotice } from "./form-message";

/** What a failed server action (lib/http/action.ts) answers: a message, and the fields it names. */
export type Failure = { message: string; fields: Record<string, string> };
/** What a server action answers: its success, or a failure with a message (and the fields it names). */
type Answer = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

export const UNREACHABLE = "We could not reach the service. Try again.";

/**
 * Runs a form's server action: pending while it runs, the failure (with its fields) when it answers
 * one or cannot be reached, and `notice` (a success's text, or the failure's) for forms that say how
 * it went in a FormMessage (`done`: the success's text, or made from the answer, which may
 * also say that what the call reports went wrong: a test event that failed). A form's own check
 * before it calls says its refusal with `refuse`. A call that answers null (a re-authentication the person cancelled,
 * components/dashboard/reauth.tsx) leaves the form as it was.
 */
export function useAction() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [pending, setPending] = useState(false);

  async function run<A extends Answer>(
    call: () => Promise<A | null>,
    onOk?: (r: Extract<A, { ok: true }>) => void | Promise<void>,
    done?: string | ((r: Extract<A, { ok: true }>) => string | FormNotice),
  ) {
    setPending(true);
    setFailure(null);
    setNotice(null);
    try {
      const r = await call();
      if (!r) return;
      if (r.ok) {
        const ok = r as Extract<A, { ok: true }>;
        const said = typeof done === "function" ? done(ok) : done;
        if (said !== undefined) setNotice(typeof said === "string" ? { ok: true, text: said } : said);
        await onOk?.(ok);
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

  /** Forgets what the last call said (a form opened again). */
  function clear() {
    setFailure(null);
    setNotice(null);
  }

  return { failure, notice, pending, run, refuse, clear, setFailure };
}
