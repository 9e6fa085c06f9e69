import type { Metadata } from "next";
import Link from "next/link";
import { ClaimMerchantForm, CreateMerchantForm } from "@/components/dashboard/welcome-forms";
import { linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { membershipsOf } from "@/lib/accounts/teams";
import { requirePerson } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your merchant accounts", robots: { index: false } };
export const dynamic = "force-dynamic";

/** A person with no merchant account yet (or adding one): create one, claim one, or wait for an invite. */
export default async function WelcomePage() {
  const person = await requirePerson();
  const accounts = await membershipsOf(await getDb(), person.id);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{accounts.length ? "Add a merchant account" : "Welcome"}</h1>
        <p className={`mt-1 ${ui.muted}`}>
          Signed in as <strong>{person.email}</strong>.{" "}
          {accounts.length ? (
            <Link href="/dashboard" className={linkClass}>
              Back to the dashboard
            </Link>
          ) : (
            "Create a merchant account, claim one you already have, or open the invite your team sent you."
          )}
        </p>
      </div>
      <CreateMerchantForm />
      <ClaimMerchantForm />
    </div>
  );
}
