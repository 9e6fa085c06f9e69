"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";

/**
 * The sign-in of a merchant account that no person has claimed yet (made through the API, or before
 * people existed). Once someone claims it, its keys sign nobody in.
 */
export function ApiKeySignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className={ui.card}
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setError(null);
        const apiKey = String(new FormData(e.currentTarget).get("apiKey") ?? "");
        // the key goes to the server once, to be checked against its hash; the browser keeps only the session cookie
        const result = await signIn("api-key", { apiKey, redirect: false });
        setPending(false);
        const limited = /^RATE_LIMITED:(\d+)$/.exec(result?.error ?? "");
        if (result?.ok) router.push("/dashboard");
        else if (limited) setError(`Too many failed sign-ins from your network. Try again in ${limited[1]} seconds.`);
        else setError("That API key is not valid, or its account has been claimed: sign in with your email instead.");
      }}
    >
      <h1 className="text-xl font-semibold">Sign in with an API key</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>
        Only for a merchant account that nobody has claimed yet. Better:{" "}
        <Link href="/dashboard/sign-up" className={linkClass}>
          create your own sign-in
        </Link>{" "}
        and claim the account with this key, so that the key stays on your server.
      </p>
      {error && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {error}
        </p>
      )}
      <label htmlFor="apiKey" className={`${ui.label} mt-4`}>
        API key
      </label>
      <input id="apiKey" name="apiKey" type="password" autoComplete="off" required className={ui.input} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <p className={`mt-4 text-sm ${ui.muted}`}>
        <Link href="/dashboard/sign-in" className={linkClass}>
          Sign in with your email instead
        </Link>
      </p>
    </form>
  );
}
