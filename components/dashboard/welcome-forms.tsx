"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { acceptInviteAction, claimMerchantAction, createMerchantAccountAction } from "@/actions/dashboard/account";
import { CopyButton } from "@/components/ui/copy-button";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

const valueOf = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

/** A new merchant account, owned by the signed-in person; its first API key is shown once. */
export function CreateMerchantForm() {
  const router = useRouter();
  const { failure, pending, run } = useAction();
  const [made, setMade] = useState<{ apiKey: string } | null>(null);
  if (made) {
    return (
      <section className={ui.card} aria-labelledby="key-heading">
        <h2 id="key-heading" className="text-lg font-semibold">
          Your API key
        </h2>
        <p
          role="alert"
          className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          Copy it now and keep it on your server: it will not be shown again. Anyone with this key can act for your shop.
        </p>
        <div className="mt-4 flex items-center gap-2">
          <code data-testid="api-key" className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800">
            {made.apiKey}
          </code>
          <CopyButton value={made.apiKey} label="Copy API key" />
        </div>
        <button
          type="button"
          className={`${ui.button} ${ui.primary} mt-4 w-full`}
          onClick={() => {
            setMade(null); // the key leaves the page's memory
            router.push("/dashboard");
          }}
        >
          I have saved it: go to my dashboard
        </button>
      </section>
    );
  }
  return (
    <form
      className={ui.card}
      aria-labelledby="create-heading"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const input = { name: valueOf(e.currentTarget, "name"), displayName: valueOf(e.currentTarget, "displayName") };
        void run(
          () => createMerchantAccountAction(input),
          (r) => setMade({ apiKey: r.apiKey }),
        );
      }}
    >
      <h2 id="create-heading" className="text-lg font-semibold">
        Create a merchant account
      </h2>
      <Alert message={failure?.message} />
      <Field name="name" label="Name (your handle: lowercase letters, digits, - and _)" required error={failure?.fields.name} />
      <Field name="displayName" label="Display name (shown to payers)" error={failure?.fields.displayName} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-5 w-full`}>
        {pending ? "Creating…" : "Create merchant account"}
      </button>
    </form>
  );
}

/** Claims a merchant account made before people existed (or through the API) with its API key. */
export function ClaimMerchantForm() {
  const router = useRouter();
  const { failure, pending, run } = useAction();
  return (
    <form
      className={ui.card}
      aria-labelledby="claim-heading"
      onSubmit={(e) => {
        e.preventDefault();
        const apiKey = valueOf(e.currentTarget, "claimKey");
        void run(
          () => claimMerchantAction({ apiKey }),
          () => router.push("/dashboard"),
        );
      }}
    >
      <h2 id="claim-heading" className="text-lg font-semibold">
        Claim an existing merchant account
      </h2>
      <p className={`mt-1 text-sm ${ui.muted}`}>
        For an account made before dashboard sign-ins existed, or through the API. You become its owner, and from then on its API keys no
        longer sign anyone in to the dashboard.
      </p>
      <Alert message={failure?.message} />
      <Field name="claimKey" label="The account's API key" type="password" autoComplete="off" required error={failure?.fields.apiKey} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.secondary} mt-4 w-full`}>
        {pending ? "Claiming…" : "Claim this account"}
      </button>
    </form>
  );
}

export function AcceptInviteButton({ token }: { token: string }) {
  const router = useRouter();
  const { failure, pending, run } = useAction();
  return (
    <div>
      <Alert message={failure?.message} />
      <button
        type="button"
        disabled={pending}
        className={`${ui.button} ${ui.primary} mt-4 w-full`}
        onClick={() =>
          void run(
            () => acceptInviteAction({ token }),
            () => router.push("/dashboard"),
          )
        }
      >
        {pending ? "Joining…" : "Accept the invite"}
      </button>
    </div>
  );
}
