import type { MemberRole } from "@/db/schema";

// What each role may do; the server checks these on every page and action (lib/http/action.ts,
// lib/auth/session.ts), and the interface hides what the role cannot do.
//   owner:     everything, including members, the team's rules, the payout wallet and revoking keys
//   developer: API keys (create, roll), webhooks, embedding and appearance settings, sessions
//   viewer:    sessions, events, deliveries and the overview; no key, no secret, no change

const RANK: Record<MemberRole, number> = { viewer: 0, developer: 1, owner: 2 };

export const ROLES = ["owner", "developer", "viewer"] as const satisfies readonly MemberRole[];

/** Whether `role` is at least `needed`. */
export const atLeast = (role: MemberRole, needed: MemberRole) => RANK[role] >= RANK[needed];

export const ROLE_LABELS: Record<MemberRole, string> = { owner: "Owner", developer: "Developer", viewer: "Viewer" };

/** The actor's role in its merchant account: a person's membership; an unclaimed account's key sign-in (or the API) can do everything, as before people existed. */
export const roleOf = (actor: { person?: { role: MemberRole } }): MemberRole => actor.person?.role ?? "owner";
