import type { Metadata } from "next";
import { Team } from "@/components/dashboard/team";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { listInvites, listMembers, requiresSecondFactor } from "@/lib/accounts/teams";
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
  const [members, invites, required] = await Promise.all([
    listMembers(db, merchantId),
    isOwner ? listInvites(db, merchantId) : Promise.resolve([]),
    requiresSecondFactor(db, merchantId),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Team</h1>
      <Team members={members} invites={invites} me={person.userId} isOwner={isOwner} requireSecondFactor={required} />
    </div>
  );
}
