"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createKeyAction, revokeKeyAction, rollKeyAction } from "@/actions/dashboard/team";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import type { KeyView } from "@/lib/accounts/keys";
import { Table } from "@/components/ui/table";

// a roll that stops the old key at once is a revocation: owners only (lib/accounts/keys.ts SHORT_GRACE_MS)
const STOP_NOW = [0, "Stop the old key now"] as const;
const GRACE = [
  [3600, "Old key works 1 more hour"],
  [86_400, "Old key works 24 more hours"],
  [604_800, "Old key works 7 more days"],
] as const;

const STATE_LABEL: Record<KeyView["state"], string> = { active: "Active", expiring: "Expires", expired: "Expired", revoked: "Revoked" };
const SCOPE_LABEL: Record<KeyView["scope"], string> = { full: "Full access", read: "Read only" };

function NewSecret({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  return (
    <div className="mt-4">
      <p role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        Copy the new key now: it will not be shown again.
      </p>
      <div className="mt-3 flex items-center gap-2">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800"
        >
          {apiKey}
        </code>
        <CopyButton value={apiKey} label="Copy the new API key" />
      </div>
      <button type="button" className={`${ui.button} ${ui.secondary} mt-3`} onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/**
 * The account's API keys: create (developers and owners), roll with a grace period (at once: owners;
 * a developer rolls only the keys they made), revoke (owners). `me`: the signed-in person's user id.
 */
export function ApiKeys({ keys, canRevoke, me }: { keys: KeyView[]; canRevoke: boolean; me: string | null }) {
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  const { failure, notice: message, pending, run } = useAction();
  const fields = failure?.fields ?? {};
  const act = (
    work: () => Promise<{ ok: true; apiKey?: string } | { ok: false; message: string; fields?: Record<string, string> }>,
    done: string,
  ) =>
    run(
      work,
      (r) => {
        if (r.apiKey) setSecret(r.apiKey);
        router.refresh();
      },
      done,
    );

  return (
    <div>
      {secret && <NewSecret apiKey={secret} onDone={() => setSecret(null)} />}
      <Table className="mt-3" caption="API keys" columns={["Name", "Key", "Access", "Created", "Last used", "State"]} actions>
        {keys.map((k) => {
          const live = k.state === "active" || k.state === "expiring";
          const canRoll = canRevoke || (me !== null && k.createdById === me);
          return (
            <tr key={k.id} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="py-2 pr-3 font-medium">{k.name}</td>
              <td className="py-2 pr-3 font-mono">{k.prefix}…</td>
              <td className="py-2 pr-3">{SCOPE_LABEL[k.scope]}</td>
              <td className="py-2 pr-3">
                <RelativeTime at={k.createdAt} />
                {k.createdBy && <span className={`block text-xs ${ui.muted}`}>by {k.createdBy}</span>}
              </td>
              <td className="py-2 pr-3">{k.lastUsedAt ? <RelativeTime at={k.lastUsedAt} /> : "Never"}</td>
              <td className="py-2 pr-3">
                {STATE_LABEL[k.state]}
                {k.state === "expiring" && k.expiresAt && (
                  <>
                    {" "}
                    <RelativeTime at={k.expiresAt} />
                  </>
                )}
              </td>
              <td className="py-2">
                {live && (canRoll || canRevoke) && (
                  <div className="flex flex-wrap gap-2">
                    {canRoll && (
                      <form
                        className="flex flex-wrap gap-2"
                        onSubmit={(e) => {
                          e.preventDefault();
                          const graceSeconds = Number(new FormData(e.currentTarget).get("grace"));
                          void act(() => rollKeyAction({ id: k.id, graceSeconds }), `Rolled ${k.name}.`);
                        }}
                      >
                        <label className="sr-only" htmlFor={`grace-${k.id}`}>
                          When the old {k.name} stops working
                        </label>
                        <select
                          id={`grace-${k.id}`}
                          name="grace"
                          defaultValue={86_400}
                          className="rounded-lg border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
                        >
                          {(canRevoke ? [STOP_NOW, ...GRACE] : GRACE).map(([s, label]) => (
                            <option key={s} value={s}>
                              {label}
                            </option>
                          ))}
                        </select>
                        <button type="submit" disabled={pending} className={`${ui.button} ${ui.secondary}`} aria-label={`Roll ${k.name}`}>
                          Roll
                        </button>
                      </form>
                    )}
                    {canRevoke && (
                      <button
                        type="button"
                        disabled={pending}
                        className={`${ui.button} ${ui.danger}`}
                        aria-label={`Revoke ${k.name}`}
                        onClick={() => {
                          if (window.confirm(`Revoke ${k.name}? Requests made with it are refused within 10 seconds.`)) {
                            void act(() => revokeKeyAction(k.id), `Revoked ${k.name}.`);
                          }
                        }}
                      >
                        Revoke
                      </button>
                    )}
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </Table>
      <form
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const days = String(f.get("expiresInDays") ?? "");
          void act(
            () =>
              createKeyAction({
                name: String(f.get("keyName") ?? ""),
                expiresInDays: days ? Number(days) : null,
                scope: String(f.get("keyScope") ?? "full"),
              }),
            "Key created.",
          );
        }}
      >
        <Field
          name="keyName"
          label="New key's name"
          placeholder="Production server"
          required
          maxLength={60}
          error={fields.name}
          className=""
        />
        <div>
          <label htmlFor="expiresInDays" className={ui.label}>
            Expires
          </label>
          <select id="expiresInDays" name="expiresInDays" defaultValue="" className={ui.input}>
            <option value="">Never</option>
            <option value="30">In 30 days</option>
            <option value="90">In 90 days</option>
            <option value="365">In a year</option>
          </select>
        </div>
        <div>
          <label htmlFor="keyScope" className={ui.label}>
            Access
          </label>
          <select id="keyScope" name="keyScope" defaultValue="full" className={ui.input}>
            <option value="full">Full access</option>
            <option value="read">Read only (GET)</option>
          </select>
        </div>
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary}`}>
          Create key
        </button>
      </form>
      <FormMessage message={message} />
    </div>
  );
}
