"use client";

import { useId, useState } from "react";
import { updateExplorerUrls } from "@/actions/dashboard/explorer";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { EXPLORER_CHAINS, type ExplorerOverrides, parseExplorerUrl } from "@/lib/merchants/explorer-urls";

/** Settings → Block explorers: where the dashboard's transaction and address links go, per chain. */
export function ExplorerForm({ explorerUrls }: { explorerUrls: ExplorerOverrides }) {
  const id = useId();
  const { failure, notice: message, pending, run, refuse } = useAction();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(EXPLORER_CHAINS.map((c) => [c.id, explorerUrls[c.id] ?? ""])),
  );
  const errors = failure?.fields ?? {};
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
        if (Object.keys(local).length) return refuse(`Not saved: check ${names(Object.keys(local))}.`, local);
        void run(
          () => updateExplorerUrls(values),
          (r) => setValues(Object.fromEntries(EXPLORER_CHAINS.map((c) => [c.id, r.explorerUrls[c.id] ?? ""]))),
          "Saved. Transaction and address links use these explorers.",
        );
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
