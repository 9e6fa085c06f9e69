"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { passkeySignInOptionsAction } from "@/actions/dashboard/account";
import { Field, linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";

/** What a failed sign-in says: never whether the email has an account (lib/auth/options.ts SIGN_IN_ERRORS). */
function messageOf(error: string | undefined | null): string {
  const limited = /^RATE_LIMITED:(\d+)$/.exec(error ?? "");
  if (limited) return `Too many failed sign-ins. Try again in ${limited[1]} seconds.`;
  if (error === "UNVERIFIED") return "Confirm your email address first: we sent you a new link.";
  if (error === "BAD_CODE") return "That code is not right, or was already used. Enter the code your app shows now, or a recovery code.";
  return "That email and password do not match an account. Check them and try again.";
}

/** Sign-in for people: email and password, then the second factor's code when the account has one; or a passkey. */
export function SignInForm({ next, notice }: { next: string; notice?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  async function withPasskey() {
    setError(null);
    setPending(true);
    try {
      const options = await passkeySignInOptionsAction();
      if (!options.ok) return setError(options.message);
      const response = await startAuthentication({
        optionsJSON: options.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      });
      const result = await signIn("passkey", { challengeId: options.challengeId, response: JSON.stringify(response), redirect: false });
      if (result?.ok) router.push(next);
      else setError("That passkey did not sign you in. Try again, or use your email and password.");
    } catch {
      setError("No passkey was used. Try again, or use your email and password.");
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={ui.card}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setPending(true);
          setError(null);
          const f = new FormData(e.currentTarget);
          const result = await signIn("password", {
            email: String(f.get("email") ?? ""),
            password: String(f.get("password") ?? ""),
            code: String(f.get("code") ?? ""),
            redirect: false,
          });
          setPending(false);
          if (result?.ok) router.push(next);
          else if (result?.error === "SECOND_FACTOR") setNeedsCode(true);
          else setError(messageOf(result?.error));
        }}
      >
        <h1 className="text-xl font-semibold">Sign in to your dashboard</h1>
        {notice && (
          <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
            {notice}
          </p>
        )}
        <div aria-live="assertive">
          {error && (
            <p role="alert" className={`mt-4 ${ui.error}`}>
              {error}
            </p>
          )}
        </div>
        <div className={needsCode ? "hidden" : undefined}>
          <Field name="email" label="Email" type="email" autoComplete="username webauthn" required readOnly={needsCode} />
          <Field name="password" label="Password" type="password" autoComplete="current-password" required readOnly={needsCode} />
        </div>
        {needsCode && (
          <Field
            name="code"
            label="Code from your authenticator app"
            hint="The 6 digits your app shows now, or one of your recovery codes. With a passkey instead, use “Sign in with a passkey” below."
            autoComplete="one-time-code"
            inputMode="text"
            required
            autoFocus
          />
        )}
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
          {pending ? "Signing in…" : needsCode ? "Verify" : "Sign in"}
        </button>
      </form>
      <button type="button" disabled={pending} onClick={withPasskey} className={`${ui.button} ${ui.secondary} mt-3 w-full`}>
        Sign in with a passkey
      </button>
      <ul className={`mt-4 space-y-1 text-sm ${ui.muted}`}>
        <li>
          <Link href="/dashboard/forgot-password" className={linkClass}>
            Forgot your password?
          </Link>
        </li>
        <li>
          New here?{" "}
          <Link href="/dashboard/sign-up" className={linkClass}>
            Create an account
          </Link>
        </li>
        <li>
          A merchant account made through the API that nobody has claimed yet?{" "}
          <Link href="/dashboard/sign-in/api-key" className={linkClass}>
            Sign in with its API key
          </Link>
        </li>
      </ul>
    </div>
  );
}
