"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  changeRoleAction,
  inviteAction,
  removeMemberAction,
  requireSecondFactorAction,
  revokeInviteAction,
} from "@/actions/dashboard/team";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import type { Member, PendingInvite } from "@/lib/accounts/teams";
import { useReauth } from "./reauth";

const ROLES = [
  ["owner", "Owner"],
  ["developer", "Developer"],
  ["viewer", "Viewer"],
] as const;

type Props = { members: Member[]; invites: PendingInvite[]; me: string; isOwner: boolean; requireSecondFactor: boolean };

/**
 * Members, pending invites, and the team's sign-in rule. Owners change them; everyone can leave. Each
 * change asks the person to confirm it is them first (the server refuses it otherwise).
 */
export function Team({ members, invites, me, isOwner, requireSecondFactor }: Props) {
  const router = useRouter();
  const { failure, notice: message, pending, run } = useAction();
  // null: the person cancelled the re-authentication, and nothing changed
  const guard = useReauth();
  const fields = failure?.fields ?? {};
  // the box shows the choice at once; a refusal puts it back
  const [required, setRequired] = useState(requireSecondFactor);
  const act = (
    work: () => Promise<{ ok: true } | { ok: false; message: string; fields?: Record<string, string>; reauth?: true }>,
    done: string,
    after?: () => void,
  ) =>
    run(
      () => guard(work),
      () => {
        after?.();
        router.refresh();
      },
      done,
    );

  return (
    <div className="space-y-6">
      <FormMessage message={message} />
      <section className={ui.card} aria-labelledby="members-heading">
        <h2 id="members-heading" className="font-semibold">
          Members
        </h2>
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Members">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium">{m.email}</span>
                {m.userId === me && <span className={`ml-1 text-sm ${ui.muted}`}>(you)</span>}
                <span className={`block text-sm ${ui.muted}`}>{m.secondFactor ? "Second factor on" : "No second factor"}</span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {isOwner ? (
                  <>
                    <label className="sr-only" htmlFor={`role-${m.userId}`}>
                      Role of {m.email}
                    </label>
                    <select
                      id={`role-${m.userId}`}
                      value={m.role}
                      disabled={pending}
                      onChange={(e) =>
                        void act(() => changeRoleAction({ userId: m.userId, role: e.target.value }), `${m.email} is now ${e.target.value}.`)
                      }
                      className="rounded-lg border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
                    >
                      {ROLES.map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </>
                ) : (
                  <span className="text-sm">{ROLES.find(([v]) => v === m.role)?.[1]}</span>
                )}
                {(isOwner || m.userId === me) && (
                  <button
                    type="button"
                    disabled={pending}
                    className={`${ui.button} ${ui.secondary}`}
                    aria-label={m.userId === me ? "Leave this account" : `Remove ${m.email}`}
                    onClick={() => {
                      const question = m.userId === me ? "Leave this merchant account?" : `Remove ${m.email} from this account?`;
                      if (window.confirm(question)) {
                        void act(
                          () => removeMemberAction(m.userId),
                          m.userId === me ? "You left the account." : `Removed ${m.email}.`,
                          () => {
                            if (m.userId === me) router.push("/dashboard");
                          },
                        );
                      }
                    }}
                  >
                    {m.userId === me ? "Leave" : "Remove"}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {isOwner && (
        <section className={ui.card} aria-labelledby="invite-heading">
          <h2 id="invite-heading" className="font-semibold">
            Invite someone
          </h2>
          <form
            className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              const f = new FormData(form);
              const email = String(f.get("inviteEmail") ?? "");
              void act(
                () => inviteAction({ email, role: String(f.get("inviteRole") ?? "viewer") }),
                `Invite sent to ${email.trim()}.`,
                () => form.reset(),
              );
            }}
          >
            <Field name="inviteEmail" label="Email" type="email" autoComplete="off" required error={fields.email} className="" />
            <div>
              <label htmlFor="inviteRole" className={ui.label}>
                Role
              </label>
              <select id="inviteRole" name="inviteRole" defaultValue="viewer" className={ui.input}>
                {ROLES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary}`}>
              Send invite
            </button>
          </form>
          <p className={`mt-2 text-sm ${ui.muted}`}>
            Owner: everything, including members and revoking keys. Developer: API keys, webhooks, settings for the checkout. Viewer:
            sessions, events and deliveries, no keys or secrets, no changes.
          </p>
          <h3 className="mt-4 font-medium">Pending invites</h3>
          {invites.length === 0 ? (
            <p className={`mt-1 text-sm ${ui.muted}`}>None.</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Pending invites">
              {invites.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {i.email}{" "}
                    <span className={`text-sm ${ui.muted}`}>
                      as {i.role}, invited by {i.invitedBy}, expires {new Date(i.expiresAt).toLocaleDateString()}
                    </span>
                  </span>
                  <button
                    type="button"
                    disabled={pending}
                    className={`${ui.button} ${ui.secondary}`}
                    aria-label={`Revoke the invite of ${i.email}`}
                    onClick={() => void act(() => revokeInviteAction(i.id), `Revoked the invite of ${i.email}.`)}
                  >
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {isOwner && (
        <section className={ui.card} aria-labelledby="rules-heading">
          <h2 id="rules-heading" className="font-semibold">
            Sign-in rules
          </h2>
          <label className="mt-3 flex items-center gap-2">
            <input
              type="checkbox"
              checked={required}
              disabled={pending}
              onChange={(e) => {
                const next = e.target.checked;
                setRequired(next);
                void run(
                  async () => {
                    const r = await guard(() => requireSecondFactorAction(next));
                    if (!r || !r.ok) setRequired(!next);
                    return r;
                  },
                  () => router.refresh(),
                  next ? "Every member now needs a second factor." : "A second factor is now optional.",
                );
              }}
            />
            Require a second factor (an authenticator app or a passkey) for every member
          </label>
        </section>
      )}
    </div>
  );
}
