import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { dashboardMerchant, type MerchantActor } from "@/lib/actor";
import { authOptions } from "./options";

// getServerSession runs the jwt callback, which checks the sign-in's key is still live: once per
// request (a page and its layout share the answer), never trusted from the cookie alone.
const currentSession = cache(async () => (await getServerSession(authOptions())) as { merchantId?: string } | null);

/** The signed-in merchant, as the actor that every service takes, or a redirect to sign in. Every dashboard page starts here. */
export async function requireMerchant(): Promise<{ merchantId: string; actor: MerchantActor }> {
  const session = await currentSession();
  if (!session?.merchantId) redirect("/dashboard/sign-in");
  return { merchantId: session.merchantId, actor: dashboardMerchant(session.merchantId) };
}
