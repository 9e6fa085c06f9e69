"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { acceptInviteAction, claimMerchantAction, createMerchantAccountAction } from "@/app/dashboard/account-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { ui } from "@/components/ui/styles";

type Failure = { message: string; fields: Record<string, string> };
const UNREACHABLE: Failure = { message: "We could not reach the service. Try again.", fields: {} };

/** A new merchant account, owned by the signed-in person; its first API key is shown once. */
export function CreateMerchantForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [made, setMade] = useState<{ apiKey: string } | null>(null);
  const [pending, setPending] = useState(false);
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
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setFailure(null);
        const f = new FormData(e.currentTarget);
        try {
          const r = await createMerchantAccountAction({
            name: String(f.get("name") ?? ""),
            displayName: String(f.get("displayName") ?? ""),
          });
          if (r.ok) setMade({ apiKey: r.apiKey });
          else setFailure({ message: r.message, fields: r.fields ?? {} });
        } catch {
          setFailure(UNREACHABLE);
        } finally {
          setPending(false);
        }
      }}
    >
      <h2 id="create-heading" className="text-lg font-semibold">
        Create a merchant account
      </h2>
      {failure && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {failure.message}
        </p>
      )}
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
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className={ui.card}
      aria-labelledby="claim-heading"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        setFailure(null);
        try {
          const r = await claimMerchantAction({ apiKey: String(new FormData(e.currentTarget).get("claimKey") ?? "") });
          if (r.ok) router.push("/dashboard");
          else setFailure({ message: r.message, fields: r.fields ?? {} });
        } catch {
          setFailure(UNREACHABLE);
        } finally {
          setPending(false);
        }
      }}
    >
      <h2 id="claim-heading" className="text-lg font-semibold">
        Claim an existing merchant account
      </h2>
      <p className={`mt-1 text-sm ${ui.muted}`}>
        For an account made before dashboard sign-ins existed, or through the API. You become its owner, and from then on its API keys no
        longer sign anyone in to the dashboard.
      </p>
      {failure && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {failure.message}
        </p>
      )}
      <Field name="claimKey" label="The account's API key" type="password" autoComplete="off" required error={failure?.fields.apiKey} />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.secondary} mt-4 w-full`}>
        {pending ? "Claiming…" : "Claim this account"}
      </button>
    </form>
  );
}

export function AcceptInviteButton({ token }: { token: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <div>
      {failure && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {failure}
        </p>
      )}
      <button
        type="button"
        disabled={pending}
        className={`${ui.button} ${ui.primary} mt-4 w-full`}
        onClick={async () => {
          setPending(true);
          setFailure(null);
          try {
            const r = await acceptInviteAction({ token });
            if (r.ok) router.push("/dashboard");
            else setFailure(r.message);
          } catch {
            setFailure(UNREACHABLE.message);
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? "Joining…" : "Accept the invite"}
      </button>
    </div>
  );
}
