import { eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { users, type UserRow } from "@/db/schema";
import { hasSecondFactor } from "@/lib/accounts/people";
import { atLeast } from "@/lib/accounts/roles";
import { membershipsOf, requiresSecondFactor, roleIn } from "@/lib/accounts/teams";
import { dashboardMerchant, type MerchantActor, type Person } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { clientAddress } from "@/lib/limits/client-ip";
import { authOptions } from "./options";
import { REAUTH_COOKIE, REAUTH_TTL_MS, reauthIsRecent, type SessionFacts, sealReauth } from "./reauth";

// getServerSession runs the jwt callback, which checks the sign-in is still live: once per request
// (a page and its layout share the answer), never trusted from the cookie alone. A person's session
// then acts in one of their merchant accounts (the one the switcher chose, kept in a cookie, or their
// first), with the role their membership has now: a person removed from a team loses it at once.

/** The cookie that names which of a person's accounts the dashboard shows; the membership is checked on every request. */
export const ACCOUNT_COOKIE = "dashboard-account";

type SessionShape = { merchantId?: string; userId?: string; epoch?: number; signedInAt?: number } | null;

const currentSession = cache(async () => (await getServerSession(authOptions())) as SessionShape);

const currentUser = cache(async (userId: string): Promise<UserRow | undefined> => {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
});

const requestIp = async () => clientAddress(await headers());

/** The signed-in person (or a redirect to sign in); null for a session made with an unclaimed account's API key. */
export async function requirePerson(): Promise<UserRow> {
  const session = await currentSession();
  if (!session?.userId) redirect(session?.merchantId ? "/dashboard" : "/dashboard/sign-in");
  const user = await currentUser(session.userId);
  if (!user) redirect("/dashboard/sign-in");
  return user;
}

/** The signed-in person, if the session is a person's. */
export async function currentPerson(): Promise<UserRow | null> {
  const session = await currentSession();
  return session?.userId ? ((await currentUser(session.userId)) ?? null) : null;
}

/** The signed-in person's session (who, in which epoch, signed in when), or null. */
async function personSession(): Promise<SessionFacts | null> {
  const session = await currentSession();
  const { userId, epoch, signedInAt } = session ?? {};
  return typeof userId === "string" && typeof epoch === "number" && typeof signedInAt === "number" ? { userId, epoch, signedInAt } : null;
}

/** Whether this session re-authenticated within REAUTH_TTL_MS (lib/auth/reauth.ts). */
export async function recentlyReauthenticated(): Promise<boolean> {
  const facts = await personSession();
  return facts !== null && reauthIsRecent((await cookies()).get(REAUTH_COOKIE)?.value, facts);
}

/** Keeps this session's re-authentication, just made, for REAUTH_TTL_MS. */
export async function rememberReauth(): Promise<void> {
  const facts = await personSession();
  if (!facts) throw new Error("a re-authentication needs a person's session");
  (await cookies()).set(REAUTH_COOKIE, sealReauth(facts), {
    httpOnly: true,
    sameSite: "strict",
    path: "/dashboard",
    secure: getConfig().appUrl.startsWith("https://"),
    maxAge: REAUTH_TTL_MS / 1000,
  });
}

export type DashboardAccess = { merchantId: string; actor: MerchantActor; person: Person | null };

/**
 * The signed-in merchant account, as the actor every service takes, or a redirect: to sign in, to
 * create or claim an account (a person with none), or to set up a second factor (an account whose
 * owner requires one). With `needed`, a role below it is refused (the page shows "not found": it
 * does not exist for that role). Every dashboard page starts here.
 */
export const requireMerchant = cache(async (needed: "viewer" | "developer" | "owner" = "viewer"): Promise<DashboardAccess> => {
  const session = await currentSession();
  if (session?.merchantId) {
    const actor = { ...dashboardMerchant(session.merchantId), ip: await requestIp() };
    return { merchantId: session.merchantId, actor, person: null };
  }
  if (!session?.userId) redirect("/dashboard/sign-in");
  const user = await currentUser(session.userId);
  if (!user) redirect("/dashboard/sign-in");
  const db = await getDb();
  const chosen = (await cookies()).get(ACCOUNT_COOKIE)?.value;
  let merchantId = chosen;
  let role = chosen ? await roleIn(db, user.id, chosen) : null;
  if (!role) {
    const [first] = await membershipsOf(db, user.id);
    if (!first) redirect("/dashboard/welcome");
    merchantId = first.merchantId;
    role = first.role;
  }
  if ((await requiresSecondFactor(db, merchantId!)) && !(await hasSecondFactor(db, user))) redirect("/dashboard/account?required=1");
  if (!atLeast(role, needed)) redirect("/dashboard?forbidden=1");
  const person: Person = { userId: user.id, email: user.email, role };
  return { merchantId: merchantId!, actor: { ...dashboardMerchant(merchantId!, person), ip: await requestIp() }, person };
});
