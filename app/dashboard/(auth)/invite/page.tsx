import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInviteButton } from "@/components/dashboard/welcome-forms";
import { linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { ROLE_LABELS } from "@/lib/accounts/roles";
import { inviteByToken } from "@/lib/accounts/teams";
import { currentPerson } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Join a merchant account", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function InvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const t = typeof token === "string" ? token : "";
  const invite = await inviteByToken(await getDb(), t);
  if (invite.state === "gone") {
    return (
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">This invite no longer works</h1>
        <p className="mt-3">It has expired, was revoked, or was already used. Ask the account&apos;s owner for a new one.</p>
      </div>
    );
  }
  const person = await currentPerson();
  const here = `/dashboard/invite?token=${encodeURIComponent(t)}`;
  return (
    <div className={ui.card}>
      <h1 className="text-xl font-semibold">Join {invite.account}</h1>
      <p className="mt-3">
        {invite.invitedBy} invited <strong>{invite.email}</strong> to join as <strong>{ROLE_LABELS[invite.role].toLowerCase()}</strong>.
      </p>
      {person ? (
        person.email === invite.email ? (
          <AcceptInviteButton token={t} />
        ) : (
          <p role="alert" className={`mt-4 ${ui.error}`}>
            You are signed in as {person.email}. Sign out, then sign in as {invite.email} to accept.
          </p>
        )
      ) : (
        <p className="mt-4">
          <Link href={`/dashboard/sign-in?next=${encodeURIComponent(here)}`} className={linkClass}>
            Sign in as {invite.email}
          </Link>{" "}
          to accept, or{" "}
          <Link href="/dashboard/sign-up" className={linkClass}>
            create an account
          </Link>{" "}
          with that address first, then open this link again.
        </p>
      )}
    </div>
  );
}
