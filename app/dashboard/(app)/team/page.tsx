import type { Metadata } from "next";
import { ReauthProvider } from "@/components/dashboard/reauth";
import { Team } from "@/components/dashboard/team";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { reauthNeeds } from "@/lib/accounts/reauth";
import { listInvites, listMembers, requiresSecondFactor } from "@/lib/accounts/teams";
import { REAUTH_TTL_MS } from "@/lib/auth/reauth";
import { requireMerchant } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const { merchantId, person } = await requireMerchant();
  const db = await getDb();
  if (!person) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Team</h1>
        <p className={ui.card}>
          Nobody has claimed this merchant account yet, so it has no team. Create your own sign-in, then claim the account with its API key
          to become its owner and invite others.
        </p>
      </div>
    );
  }
  const isOwner = person.role === "owner";
  // every change of the team asks the person to confirm it is them (actions/dashboard/team.ts)
  const [members, invites, required, needs] = await Promise.all([
    listMembers(db, merchantId),
    isOwner ? listInvites(db, merchantId) : Promise.resolve([]),
    requiresSecondFactor(db, merchantId),
    reauthNeeds(db, person.userId),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Team</h1>
      <ReauthProvider needs={needs} minutes={REAUTH_TTL_MS / 60_000}>
        <Team members={members} invites={invites} me={person.userId} isOwner={isOwner} requireSecondFactor={required} />
      </ReauthProvider>
    </div>
  );
}
