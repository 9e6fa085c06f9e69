"use client";

import Link from "next/link";
import { useState } from "react";
import { signUpAction } from "@/actions/dashboard/account";
import { Field, linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

/** Sign-up: an email and a password; the account waits for the link sent to that address. */
export function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { failure, pending, run } = useAction();

  if (sentTo) {
    return (
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">Check your email</h1>
        <p role="status" className="mt-3">
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address; then you can create or join a merchant account.
        </p>
        <p className={`mt-3 text-sm ${ui.muted}`}>
          Nothing arrived after a few minutes? Check your spam folder, or{" "}
          <Link href="/dashboard/sign-in" className={linkClass}>
            sign in
          </Link>{" "}
          and we send a new link.
        </p>
      </div>
    );
  }

  const fields = failure?.fields ?? {};
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const email = String(f.get("email") ?? "");
        void run(
          () => signUpAction({ email, password: String(f.get("password") ?? "") }),
          () => setSentTo(email.trim()),
        );
      }}
    >
      <h1 className="text-xl font-semibold">Create your account</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>One account for you; then create a merchant account, or join your team&apos;s.</p>
      {failure && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {failure.message}
        </p>
      )}
      <Field name="email" label="Email" type="email" autoComplete="email" required error={fields.email} />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters, not a common password."
        error={fields.password}
      />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-5 w-full`}>
        {pending ? "Creating…" : "Create account"}
      </button>
      <p className={`mt-4 text-sm ${ui.muted}`}>
        Already have an account?{" "}
        <Link href="/dashboard/sign-in" className={linkClass}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
