import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";

/** The signed-in merchant's id, or a redirect to the sign-in page. Every dashboard page and action starts here. */
export async function requireMerchant(): Promise<{ merchantId: string }> {
  const session = (await getServerSession(authOptions())) as { merchantId?: string } | null;
  if (!session?.merchantId) redirect("/dashboard/sign-in");
  return { merchantId: session.merchantId };
}
