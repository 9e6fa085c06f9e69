"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { reauthenticateAction, reauthPasskeyOptionsAction } from "@/actions/dashboard/account";
import { Field } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { type Failure, UNREACHABLE } from "@/components/ui/use-action";

// A recent re-authentication (lib/auth/reauth.ts): every change of how a person signs in, of the team,
// and of where the account's money goes, asks for it. The forms run their actions through the guard of the
// ReauthProvider above them, which shows the one dialog when an action asks and then runs it again.

type Answer = { ok: true } | { ok: false; message: string; fields?: Record<string, string>; reauth?: true };
/** Runs an action; when it asks for a re-authentication, asks the person, then runs it again. Null: they cancelled. */
type Guard = <A extends Answer>(call: () => Promise<A>) => Promise<A | null>;

const ReauthContext = createContext<Guard | null>(null);

export function useReauth(): Guard {
  const guard = useContext(ReauthContext);
  if (!guard) throw new Error("a form that may ask for a re-authentication belongs inside a ReauthProvider");
  return guard;
}

/** What a re-authentication asks beside the password: a code (an authenticator app), a passkey, either or neither. */
export type ReauthNeeds = { code: boolean; passkey: boolean };

/** Gives the security forms their guard, and shows the one re-authentication dialog when an action asks for it. */
export function ReauthProvider({ needs, minutes, children }: { needs: ReauthNeeds; minutes: number; children: ReactNode }) {
  const [asking, setAsking] = useState<((confirmed: boolean) => void) | null>(null);
  const guard = useCallback<Guard>(async (call) => {
    const opener = document.activeElement;
    const first = await call();
    if (first.ok || !first.reauth) return first;
    const confirmed = await new Promise<boolean>((resolve) => setAsking(() => resolve));
    if (opener instanceof HTMLElement && opener !== document.body) focusWhenEnabled(opener);
    return confirmed ? call() : null;
  }, []);
  return (
    <ReauthContext.Provider value={guard}>
      {children}
      {asking && (
        <ReauthDialog
          needs={needs}
          minutes={minutes}
          onDone={(confirmed) => {
            asking(confirmed);
            setAsking(null);
          }}
        />
      )}
    </ReauthContext.Provider>
  );
}

/**
 * Gives focus back to the control that opened the dialog, once its form is no longer pending (it is
 * disabled meanwhile, so the dialog's own return of focus misses it), unless focus went elsewhere.
 */
function focusWhenEnabled(control: HTMLElement, frames = 30) {
  requestAnimationFrame(() => {
    if (!control.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    if (!(control as HTMLButtonElement).disabled) control.focus();
    else if (frames > 0) focusWhenEnabled(control, frames - 1);
  });
}

function ReauthDialog({ needs, minutes, onDone }: { needs: ReauthNeeds; minutes: number; onDone: (confirmed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  // a modal dialog: the page behind it is inert, focus starts on the password, Escape cancels
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  // closed before it goes, so that focus returns to the control that asked for the change
  const finish = (confirmed: boolean) => {
    dialog.current?.close();
    onDone(confirmed);
  };

  const confirm = async (by: "code" | "passkey" | "password") => {
    const f = new FormData(form.current!);
    const password = String(f.get("reauthPassword") ?? "");
    setPending(true);
    setFailure(null);
    try {
      let r;
      if (by === "passkey") {
        if (!password) return setFailure({ message: "Enter your password.", fields: { password: "Enter your password." } });
        const options = await reauthPasskeyOptionsAction();
        if (!options.ok) return setFailure({ message: options.message, fields: {} });
        let response;
        try {
          response = await startAuthentication({
            optionsJSON: options.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
          });
        } catch {
          return setFailure({ message: "Your passkey did not answer. Try again.", fields: {} });
        }
        r = await reauthenticateAction({ password, passkey: { challengeId: options.challengeId, response } });
      } else {
        r = await reauthenticateAction({ password, ...(by === "code" ? { code: String(f.get("reauthCode") ?? "") } : {}) });
      }
      if (r.ok) finish(true);
      else setFailure({ message: r.message, fields: r.fields ?? {} });
    } catch {
      setFailure({ message: UNREACHABLE, fields: {} });
    } finally {
      setPending(false);
    }
  };
  const main = needs.code ? "code" : needs.passkey ? "passkey" : "password";
  const also = needs.code ? " and a code from your authenticator app" : needs.passkey ? ", then confirm with your passkey" : "";

  return (
    <dialog
      ref={dialog}
      aria-labelledby="reauth-heading"
      aria-describedby="reauth-help"
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) finish(false);
      }}
      className={`${ui.card} m-auto w-[min(28rem,calc(100vw-2rem))] text-slate-900 backdrop:bg-slate-900/60 dark:text-slate-100`}
    >
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm(main);
        }}
      >
        <h2 id="reauth-heading" className="text-lg font-semibold">
          Confirm it is you
        </h2>
        <p id="reauth-help" className={`mt-1 text-sm ${ui.muted}`}>
          Before changing how you sign in, who is in your team or where your money goes, enter your password{also}. This is good for{" "}
          {minutes} minutes in this browser.
        </p>
        <div aria-live="assertive">
          {failure && (
            <p role="alert" className={`mt-3 ${ui.error}`}>
              {failure.message}
            </p>
          )}
        </div>
        <Field
          name="reauthPassword"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          error={failure?.fields.password}
        />
        {needs.code && (
          <Field
            name="reauthCode"
            label="Code from your authenticator app"
            hint="Or one of your recovery codes."
            autoComplete="one-time-code"
            required
            error={failure?.fields.code}
          />
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary}`}>
            {pending ? "Checking…" : main === "passkey" ? "Confirm with a passkey" : "Confirm"}
          </button>
          {needs.code && needs.passkey && (
            <button type="button" disabled={pending} className={`${ui.button} ${ui.secondary}`} onClick={() => void confirm("passkey")}>
              Use a passkey instead
            </button>
          )}
          <button type="button" disabled={pending} className={`${ui.button} ${ui.secondary}`} onClick={() => finish(false)}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
