import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { orNotFound } from "@/lib/http/page";
import { authOptions } from "./options";

// getServerSession runs the jwt callback, which checks the sign-in's key is still live: once per
// request (a page and its layout share the answer), never trusted from the cookie alone.
const currentSession = cache(async () => (await getServerSession(authOptions())) as { merchantId?: string } | null);

/** The signed-in merchant's id, or a redirect to the sign-in page. Every dashboard page and action starts here. */
export async function requireMerchant(): Promise<{ merchantId: string }> {
  const session = await currentSession();
  if (!session?.merchantId) redirect("/dashboard/sign-in");
  return { merchantId: session.merchantId };
}

/** Another merchant's resource is as invisible as one that does not exist: both render the not-found page. */
export const visibleOrNotFound = orNotFound;
