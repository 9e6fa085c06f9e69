"use client";

import { useId, useState, useTransition } from "react";
import { updateExplorerUrls } from "@/actions/dashboard/explorer";
import { FormMessage, type FormNotice } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { EXPLORER_CHAINS, type ExplorerOverrides, parseExplorerUrl } from "@/lib/merchants/explorer-urls";

/** Settings → Block explorers: where the dashboard's transaction and address links go, per chain. */
export function ExplorerForm({ explorerUrls }: { explorerUrls: ExplorerOverrides }) {
  const id = useId();
  const [pending, start] = useTransition();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(EXPLORER_CHAINS.map((c) => [c.id, explorerUrls[c.id] ?? ""])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormNotice | null>(null);
  const names = (ids: string[]) =>
    EXPLORER_CHAINS.filter((c) => ids.includes(c.id))
      .map((c) => c.name)
      .join(" and ");

  return (
    <form
      className="mt-3 space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // the server checks again with the same rules; nothing is sent while a field is wrong
        const local: Record<string, string> = {};
        for (const c of EXPLORER_CHAINS) {
          const parsed = parseExplorerUrl(values[c.id] ?? "");
          if (!parsed.ok) local[c.id] = parsed.message;
        }
        setErrors(local);
        if (Object.keys(local).length) {
          setMessage({ ok: false, text: `Not saved: check ${names(Object.keys(local))}.` });
          return;
        }
        start(async () => {
          const r = await updateExplorerUrls(values);
          if (r.ok) {
            setValues(Object.fromEntries(EXPLORER_CHAINS.map((c) => [c.id, r.explorerUrls[c.id] ?? ""])));
            setErrors({});
            setMessage({ ok: true, text: "Saved. Transaction and address links use these explorers." });
          } else {
            setErrors(r.fields ?? {});
            setMessage({ ok: false, text: r.message });
          }
        });
      }}
    >
      {EXPLORER_CHAINS.map((c) => {
        const field = `${id}-${c.id}`;
        const error = errors[c.id];
        return (
          <div key={c.id}>
            <label htmlFor={field} className={ui.label}>
              {c.name} explorer
            </label>
            <input
              id={field}
              name={c.id}
              type="url"
              inputMode="url"
              value={values[c.id] ?? ""}
              onChange={(e) => setValues((v) => ({ ...v, [c.id]: e.target.value }))}
              placeholder={c.defaultUrl}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${field}-help ${field}-error` : `${field}-help`}
              className={`${ui.input} font-mono text-sm aria-invalid:border-2 aria-invalid:border-red-700 dark:aria-invalid:border-red-400`}
            />
            <p id={`${field}-help`} className={`mt-1 text-sm ${ui.muted}`}>
              Empty uses the default, <span className="break-all font-mono">{c.defaultUrl}</span>.
            </p>
            {error && (
              <p id={`${field}-error`} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
                {c.name} explorer {error}.
              </p>
            )}
          </div>
        );
      })}
      <p className={`text-sm ${ui.muted}`}>
        https:// only (http:// for localhost), a path if your explorer needs one, no query or fragment. Links add{" "}
        <code className="font-mono">/tx/…</code> and <code className="font-mono">/address/…</code>.
      </p>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary}`}>
        {pending ? "Saving…" : "Save explorers"}
      </button>
      <FormMessage message={message} />
    </form>
  );
}
