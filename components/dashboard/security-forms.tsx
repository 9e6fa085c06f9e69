"use client";

import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import {
  beginTotpAction,
  changePasswordAction,
  confirmTotpAction,
  disableTotpAction,
  newRecoveryCodesAction,
  passkeyRegistrationOptionsAction,
  registerPasskeyAction,
  removePasskeyAction,
  signOutEverywhereAction,
} from "@/actions/dashboard/account";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { useReauth } from "./reauth";

export { ReauthProvider, type ReauthNeeds } from "./reauth";

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-4">
      <p role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        Save these recovery codes somewhere safe: each signs you in once if you lose your phone. They will not be shown again.
      </p>
      <ul data-testid="recovery-codes" aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
            {c}
          </li>
        ))}
      </ul>
      <CopyButton value={codes.join("\n")} label="Copy recovery codes" className={`${ui.button} ${ui.secondary} mt-3`} />
    </div>
  );
}

/** TOTP: set up (QR code and the secret as text, then a code to confirm), or turn off. */
export function TotpSection({ enabled, codesLeft }: { enabled: boolean; codesLeft: number }) {
  const router = useRouter();
  const guard = useReauth();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { failure, notice, pending, run } = useAction();

  if (codes) {
    return (
      <div>
        <p role="status" className="font-medium">
          Your authenticator app is set up.
        </p>
        <RecoveryCodes codes={codes} />
        <button type="button" className={`${ui.button} ${ui.primary} mt-4`} onClick={() => (setCodes(null), router.refresh())}>
          I have saved them
        </button>
      </div>
    );
  }
  if (enabled) {
    return (
      <div>
        <p>
          On. <span className={ui.muted}>{codesLeft} recovery codes left.</span>
        </p>
        <FormMessage message={notice} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={pending}
            className={`${ui.button} ${ui.secondary}`}
            onClick={() =>
              void run(
                () => guard(() => disableTotpAction()),
                () => router.refresh(),
              )
            }
          >
            Turn off the authenticator app
          </button>
          <button
            type="button"
            disabled={pending}
            className={`${ui.button} ${ui.secondary}`}
            onClick={() =>
              void run(
                () => guard(() => newRecoveryCodesAction()),
                (r) => setCodes(r.recoveryCodes),
              )
            }
          >
            New recovery codes
          </button>
        </div>
      </div>
    );
  }
  if (!setup) {
    return (
      <div>
        <p className={ui.muted}>Off. Use an app such as 1Password, Google Authenticator or Aegis.</p>
        <FormMessage message={notice} />
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.primary} mt-3`}
          onClick={() =>
            void run(
              () => guard(() => beginTotpAction()),
              (r) => setSetup({ secret: r.secret, qrSvg: r.qrSvg }),
            )
          }
        >
          Set up an authenticator app
        </button>
      </div>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const code = String(new FormData(e.currentTarget).get("totpCode") ?? "");
        void run(
          () => guard(() => confirmTotpAction({ code })),
          (r) => setCodes(r.recoveryCodes),
        );
      }}
    >
      <p>Scan this QR code with your app, or type the key below into it.</p>
      {/* the SVG is made on the server by the qrcode package from the otpauth URI: no markup from elsewhere */}
      <div
        role="img"
        aria-label="QR code of the authenticator key"
        className="mt-3 w-48 rounded-lg bg-white p-2"
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="mt-3 text-sm">
        Key:{" "}
        <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">
          {setup.secret}
        </code>
      </p>
      <FormMessage message={notice} />
      <Field
        name="totpCode"
        label="The 6-digit code your app shows"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        error={failure?.fields.code}
      />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-3`}>
        {pending ? "Checking…" : "Turn on"}
      </button>
    </form>
  );
}

export function PasskeySection({ passkeys }: { passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }) {
  const router = useRouter();
  const guard = useReauth();
  const { notice, pending, run } = useAction();
  return (
    <div>
      {passkeys.length ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{p.name}</span>{" "}
                <span className={`text-sm ${ui.muted}`}>
                  added {new Date(p.createdAt).toLocaleDateString()}
                  {p.lastUsedAt ? `, last used ${new Date(p.lastUsedAt).toLocaleDateString()}` : ", never used"}
                </span>
              </span>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                aria-label={`Remove passkey ${p.name}`}
                disabled={pending}
                onClick={() =>
                  void run(
                    () => guard(() => removePasskeyAction(p.id)),
                    () => router.refresh(),
                    `Removed ${p.name}.`,
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>No passkeys yet.</p>
      )}
      <form
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          const name = String(new FormData(e.currentTarget).get("passkeyName") ?? "");
          void run(
            async () => {
              const options = await guard(() => passkeyRegistrationOptionsAction());
              if (!options?.ok) return options;
              let response: Awaited<ReturnType<typeof startRegistration>>;
              try {
                response = await startRegistration({
                  optionsJSON: options.options as Parameters<typeof startRegistration>[0]["optionsJSON"],
                });
              } catch {
                // the browser's own prompt was dismissed, or it has no way to make one
                return { ok: false as const, message: "No passkey was made. Try again." };
              }
              return guard(() => registerPasskeyAction({ challengeId: options.challengeId, response, name }));
            },
            () => router.refresh(),
            `Added ${name}.`,
          );
        }}
      >
        <Field name="passkeyName" label="Name for a new passkey" placeholder="My laptop" required maxLength={60} />
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-3`}>
          Add a passkey
        </button>
      </form>
      <FormMessage message={notice} />
    </div>
  );
}

export function PasswordSection() {
  const router = useRouter();
  const guard = useReauth();
  const { failure, notice, pending, run } = useAction();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const input = { current: String(f.get("current") ?? ""), next: String(f.get("next") ?? "") };
        void run(
          () => guard(() => changePasswordAction(input)),
          async () => {
            await signOut({ redirect: false });
            router.push("/dashboard/sign-in?notice=changed");
          },
        );
      }}
    >
      <FormMessage message={notice} />
      <Field
        name="current"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={failure?.fields.current}
      />
      <Field
        name="next"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters, not a common password. Every session is signed out."
        error={failure?.fields.next}
      />
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-3`}>
        Change password
      </button>
    </form>
  );
}
