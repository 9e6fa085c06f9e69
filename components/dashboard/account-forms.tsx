"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { requestResetAction, resetPasswordAction, verifyEmailAction } from "@/app/dashboard/account-actions";
import { Field, linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";

type Failure = { message: string; fields: Record<string, string> };
const UNREACHABLE: Failure = { message: "We could not reach the service. Try again.", fields: {} };

function Alert({ failure }: { failure: Failure | null }) {
  return (
    <div aria-live="assertive">
      {failure && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {failure.message}
        </p>
      )}
    </div>
  );
}

/** The link in the sign-up mail: the account's password confirms the address, and signs the person in. */
export function VerifyEmailForm({ token }: { token: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setFailure(null);
        const password = String(new FormData(e.currentTarget).get("password") ?? "");
        try {
          const r = await verifyEmailAction({ token, password });
          if (!r.ok) return setFailure({ message: r.message, fields: r.fields ?? {} });
          const signedIn = await signIn("password", { email: r.email, password, redirect: false });
          router.push(signedIn?.ok ? "/dashboard" : "/dashboard/sign-in");
        } catch {
          setFailure(UNREACHABLE);
        } finally {
          setPending(false);
        }
      }}
    >
      <h1 className="text-xl font-semibold">Confirm your email address</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>Enter the password you chose when you signed up.</p>
      <Alert failure={failure} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required error={failure?.fields.password} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
        {pending ? "Confirming…" : "Confirm and sign in"}
      </button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  if (sentTo) {
    return (
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">Check your email</h1>
        <p role="status" className="mt-3">
          If an account has the address <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link works for one hour.
        </p>
        <p className={`mt-3 text-sm ${ui.muted}`}>
          <Link href="/dashboard/sign-in" className={linkClass}>
            Back to sign-in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setFailure(null);
        const email = String(new FormData(e.currentTarget).get("email") ?? "");
        try {
          const r = await requestResetAction({ email });
          if (r.ok) setSentTo(email.trim());
          else setFailure({ message: r.message, fields: r.fields ?? {} });
        } catch {
          setFailure(UNREACHABLE);
        } finally {
          setPending(false);
        }
      }}
    >
      <h1 className="text-xl font-semibold">Reset your password</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>We send a link to choose a new one.</p>
      <Alert failure={failure} />
      <Field name="email" label="Email" type="email" autoComplete="email" required error={failure?.fields.email} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
        {pending ? "Sending…" : "Send the link"}
      </button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setFailure(null);
        const password = String(new FormData(e.currentTarget).get("password") ?? "");
        try {
          const r = await resetPasswordAction({ token, password });
          if (r.ok) router.push("/dashboard/sign-in?notice=reset");
          else setFailure({ message: r.message, fields: r.fields ?? {} });
        } catch {
          setFailure(UNREACHABLE);
        } finally {
          setPending(false);
        }
      }}
    >
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>Every session of your account is signed out.</p>
      <Alert failure={failure} />
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters, not a common password."
        error={failure?.fields.password}
      />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
        {pending ? "Saving…" : "Save the new password"}
      </button>
    </form>
  );
}
