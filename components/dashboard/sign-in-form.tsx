"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ui } from "@/components/ui/styles";

export function SignInForm() {
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
        const result = await signIn("credentials", { apiKey, redirect: false });
        setPending(false);
        const limited = /^RATE_LIMITED:(\d+)$/.exec(result?.error ?? "");
        if (result?.ok) router.push("/dashboard");
        else if (limited) setError(`Too many failed sign-ins from your network. Try again in ${limited[1]} seconds.`);
        else setError("That API key is not valid. Check it and try again.");
      }}
    >
      <h1 className="text-xl font-semibold">Sign in to your dashboard</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>Use the API key you received when you signed up.</p>
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
        New here?{" "}
        <Link href="/dashboard/sign-up" className="font-medium text-blue-700 underline dark:text-blue-300">
          Create a merchant account
        </Link>
      </p>
    </form>
  );
}
