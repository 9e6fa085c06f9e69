import type { Metadata } from "next";
import Link from "next/link";
import { PasskeySection, PasswordSection, ReauthProvider, TotpSection } from "@/components/dashboard/security-forms";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { signOutEverywhereAction } from "@/actions/dashboard/account";
import { linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { listPasskeys } from "@/lib/accounts/passkeys";
import { recoveryCodesLeft } from "@/lib/accounts/second-factor";
import { REAUTH_TTL_MS } from "@/lib/auth/reauth";
import { requirePerson } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your account", robots: { index: false } };
export const dynamic = "force-dynamic";

/** A person's own sign-in: password, second factors, passkeys, sessions. Reachable without a merchant account. */
export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const { required } = await searchParams;
  const db = await getDb();
  const [passkeys, codesLeft] = await Promise.all([listPasskeys(db, person.id), recoveryCodesLeft(db, person.id)]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Your account</h1>
        <p className={`mt-1 ${ui.muted}`}>
          {person.email} ·{" "}
          <Link href="/dashboard" className={linkClass}>
            Back to the dashboard
          </Link>
        </p>
      </div>
      {required === "1" && (
        <p role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          An owner of your merchant account requires a second factor. Set up an authenticator app or add a passkey to continue.
        </p>
      )}
      {/* every change below asks for the password again (and a factor the person has), for a few minutes */}
      <ReauthProvider needs={{ code: Boolean(person.totpEnabledAt), passkey: passkeys.length > 0 }} minutes={REAUTH_TTL_MS / 60_000}>
        <section className={ui.card} aria-labelledby="totp-heading">
          <h2 id="totp-heading" className="mb-2 font-semibold">
            Authenticator app
          </h2>
          <TotpSection enabled={Boolean(person.totpEnabledAt)} codesLeft={codesLeft} />
        </section>
        <section className={ui.card} aria-labelledby="passkeys-heading">
          <h2 id="passkeys-heading" className="mb-2 font-semibold">
            Passkeys
          </h2>
          <p className={`mb-3 text-sm ${ui.muted}`}>
            A passkey signs you in without a password, with your fingerprint, face or device PIN.
          </p>
          <PasskeySection passkeys={passkeys} />
        </section>
        <section className={ui.card} aria-labelledby="password-heading">
          <h2 id="password-heading" className="font-semibold">
            Password
          </h2>
          <PasswordSection />
        </section>
      </ReauthProvider>
      <section className={ui.card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="font-semibold">
          Sessions
        </h2>
        <p className={`mt-1 mb-3 text-sm ${ui.muted}`}>Signs you out on every device and browser, this one included.</p>
        <SignOutButton everywhere={signOutEverywhereAction} />
      </section>
    </div>
  );
}
