"use client";

import { useId, useState } from "react";
import { claimRefundAction } from "@/actions/refund";
import { ui } from "@/components/ui/styles";
import { ADDRESS } from "./refund-words";

type Words = {
  ask: string;
  label: string;
  hint: string;
  submit: string;
  change: string;
  saving: string;
  /** with ADDRESS where the address goes */
  claimed: string;
  changeUntil: string;
  expires: string | null;
  completed: string;
};

/**
 * The claim page's form: the payer's address on the session's chain, checked by the server (the
 * message says what is wrong, in the payer's language, and focus stays on the field). Once claimed it
 * says where the USDC will go, and the address can be changed until the shop has sent.
 */
export function RefundClaimForm({ token, claimed, words }: { token: string; claimed: string | null; words: Words }) {
  const id = useId();
  const [address, setAddress] = useState(claimed ?? "");
  const [saved, setSaved] = useState<{ address: string; done: boolean } | null>(claimed ? { address: claimed, done: false } : null);
  const [editing, setEditing] = useState(!claimed);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const r = await claimRefundAction({ token, address });
      if (!r.ok) {
        setError(r.message);
        return;
      }
      setSaved({ address: r.address, done: r.status === "COMPLETED" });
      setAddress(r.address);
      setEditing(false);
    } finally {
      setPending(false);
    }
  }

  if (saved?.done)
    return (
      <p
        role="status"
        className="mt-4 break-words rounded-lg border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
      >
        {words.completed.replace(ADDRESS, saved.address)}
      </p>
    );
  return (
    <div className="mt-4">
      {saved && (
        <div
          role="status"
          className="break-words rounded-lg border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          <p>{words.claimed.replace(ADDRESS, saved.address)}</p>
          <p className="mt-1 text-sm">{words.changeUntil}</p>
        </div>
      )}
      {saved && !editing && (
        <button type="button" className={`${ui.buttonLarge} ${ui.secondary} mt-4`} onClick={() => setEditing(true)}>
          {words.change}
        </button>
      )}
      {editing && (
        <form onSubmit={submit} className="mt-2" noValidate>
          <p className={ui.muted}>{words.ask}</p>
          <label htmlFor={`${id}-address`} className={`${ui.label} mt-4`}>
            {words.label}
          </label>
          <input
            id={`${id}-address`}
            name="address"
            className={`${ui.input} font-mono text-sm`}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
            placeholder="0x…"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            autoFocus={Boolean(error)}
          />
          <p id={`${id}-hint`} className={`mt-1 text-sm ${ui.muted}`}>
            {words.hint}
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className={`mt-2 ${ui.error}`}>
              {error}
            </p>
          )}
          <button type="submit" disabled={pending} className={`${ui.buttonLarge} ${ui.primary} mt-4`}>
            {pending ? words.saving : words.submit}
          </button>
          {words.expires && <p className={`mt-2 text-sm ${ui.muted}`}>{words.expires}</p>}
        </form>
      )}
    </div>
  );
}
