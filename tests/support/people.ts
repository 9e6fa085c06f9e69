import crypto from "node:crypto";
import { users } from "@/db/schema";
import { dashboardMerchant, type MerchantActor } from "@/lib/core/actor";
import { randomIp } from "./api";
import { testDb } from "./db";

// People of the dashboard made directly in the database, for the tests of teams and of what their
// roles may do (the sign-up flow has its own tests in accounts.test.ts).

export type Who = { userId: string; email: string };
export type Role = "owner" | "developer" | "viewer";

/** A person with a confirmed address. */
export async function person(): Promise<Who> {
  const userId = `usr_${crypto.randomUUID().replaceAll("-", "")}`;
  const email = `${userId}@example.com`;
  await (await testDb()).insert(users).values({ id: userId, email, passwordHash: "unused", emailVerifiedAt: new Date() });
  return { userId, email };
}

/** The person signed in to the dashboard of a merchant account with a role, from an address of their own. */
export const actorOf = (merchantId: string, who: Who, role: Role): MerchantActor => ({
  ...dashboardMerchant(merchantId, { ...who, role }),
  ip: randomIp(),
});
