"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type SignUpResult, signUp } from "@/app/dashboard/actions";
import { ui } from "@/components/ui/styles";
import { CopyButton } from "@/components/ui/copy-button";

export function SignUpForm() {
  const router = useRouter();
  const [result, setResult] = useState<SignUpResult | null>(null);
  const [pending, setPending] = useState(false);

  if (result?.ok) {
    return (
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">Your API key</h1>
        <p
          role="alert"
          className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          Copy it now and keep it somewhere safe: it will not be shown again. Anyone with this key can act for your shop.
        </p>
        <div className="mt-4 flex items-center gap-2">
          <code data-testid="api-key" className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800">
            {result.apiKey}
          </code>
          <CopyButton value={result.apiKey} label="Copy API key" />
        </div>
        <button
          type="button"
          className={`${ui.button} ${ui.primary} mt-4 w-full`}
          onClick={async () => {
            const r = await signIn("credentials", { apiKey: result.apiKey, redirect: false });
            setResult(null); // the key leaves the page's memory either way
            router.push(r?.ok ? "/dashboard" : "/dashboard/sign-in");
          }}
        >
          I have saved it: go to my dashboard
        </button>
      </div>
    );
  }

  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  return (
    <form
      className={ui.card}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        const f = new FormData(e.currentTarget);
        try {
          setResult(
            await signUp({
              name: String(f.get("name") ?? ""),
              displayName: String(f.get("displayName") ?? ""),
              logoUrl: String(f.get("logoUrl") ?? ""),
            }),
          );
        } catch {
          setResult({ ok: false, message: "We could not reach the service. Try again." });
        } finally {
          setPending(false);
        }
      }}
    >
      <h1 className="text-xl font-semibold">Create a merchant account</h1>
      {result && !result.ok && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {result.message}
        </p>
      )}
      <Field name="name" label="Name (your handle: lowercase letters, digits, - and _)" error={fields.name} required />
      <Field name="displayName" label="Display name (shown to payers)" error={fields.displayName} />
      <Field name="logoUrl" label="Logo URL (https)" error={fields.logoUrl} type="url" />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-5 w-full`}>
        {pending ? "Creating…" : "Create account"}
      </button>
      <p className={`mt-4 text-sm ${ui.muted}`}>
        Already have a key?{" "}
        <Link href="/dashboard/sign-in" className="font-medium text-blue-700 underline dark:text-blue-300">
          Sign in
        </Link>
      </p>
    </form>
  );
}

function Field({
  name,
  label,
  error,
  required,
  type = "text",
}: {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  type?: string;
}) {
  return (
    <div className="mt-4">
      <label htmlFor={name} className={ui.label}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={ui.input}
      />
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
