"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { requestResetAction, resetPasswordAction, verifyEmailAction } from "@/actions/dashboard/account";
import { Alert } from "@/components/ui/alert";
import { Field, linkClass } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

const valueOf = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

/** The link in the sign-up mail: the account's password confirms the address, and signs the person in. */
export function VerifyEmailForm({ token }: { token: string }) {
  const router = useRouter();
  const { failure, pending, run } = useAction();
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const password = valueOf(e.currentTarget, "password");
        void run(
          () => verifyEmailAction({ token, password }),
          async (r) => {
            const signedIn = await signIn("password", { email: r.email, password, redirect: false });
            router.push(signedIn?.ok ? "/dashboard" : "/dashboard/sign-in");
          },
        );
      }}
    >
      <h1 className="text-xl font-semibold">Confirm your email address</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>Enter the password you chose when you signed up.</p>
      <Alert message={failure?.message} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required error={failure?.fields.password} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
        {pending ? "Confirming…" : "Confirm and sign in"}
      </button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { failure, pending, run } = useAction();
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
      onSubmit={(e) => {
        e.preventDefault();
        const email = valueOf(e.currentTarget, "email");
        void run(
          () => requestResetAction({ email }),
          () => setSentTo(email.trim()),
        );
      }}
    >
      <h1 className="text-xl font-semibold">Reset your password</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>We send a link to choose a new one.</p>
      <Alert message={failure?.message} />
      <Field name="email" label="Email" type="email" autoComplete="email" required error={failure?.fields.email} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4 w-full`}>
        {pending ? "Sending…" : "Send the link"}
      </button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const { failure, pending, run } = useAction();
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const password = valueOf(e.currentTarget, "password");
        void run(
          () => resetPasswordAction({ token, password }),
          () => router.push("/dashboard/sign-in?notice=reset"),
        );
      }}
    >
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <p className={`mt-1 text-sm ${ui.muted}`}>Every session of your account is signed out.</p>
      <Alert message={failure?.message} />
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
