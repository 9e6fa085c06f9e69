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
import { FormMessage, type FormNotice } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { type Failure, UNREACHABLE } from "@/components/ui/use-action";
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
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setFailure(null);
    try {
      await work();
    } catch {
      setFailure({ message: UNREACHABLE, fields: {} });
    } finally {
      setPending(false);
    }
  };

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
        {failure && (
          <p role="alert" className={`mt-3 ${ui.error}`}>
            {failure.message}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={pending}
            className={`${ui.button} ${ui.secondary}`}
            onClick={() =>
              void run(async () => {
                const r = await guard(() => disableTotpAction());
                if (r?.ok) router.refresh();
                else if (r) setFailure({ message: r.message, fields: r.fields ?? {} });
              })
            }
          >
            Turn off the authenticator app
          </button>
          <button
            type="button"
            disabled={pending}
            className={`${ui.button} ${ui.secondary}`}
            onClick={() =>
              void run(async () => {
                const r = await guard(() => newRecoveryCodesAction());
                if (r?.ok) setCodes(r.recoveryCodes);
                else if (r) setFailure({ message: r.message, fields: {} });
              })
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
        {failure && (
          <p role="alert" className={`mt-3 ${ui.error}`}>
            {failure.message}
          </p>
        )}
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.primary} mt-3`}
          onClick={() =>
            void run(async () => {
              const r = await guard(() => beginTotpAction());
              if (r?.ok) setSetup({ secret: r.secret, qrSvg: r.qrSvg });
              else if (r) setFailure({ message: r.message, fields: {} });
            })
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
        void run(async () => {
          const r = await guard(() => confirmTotpAction({ code }));
          if (r?.ok) setCodes(r.recoveryCodes);
          else if (r) setFailure({ message: r.message, fields: r.fields ?? {} });
        });
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
      {failure && (
        <p role="alert" className={`mt-3 ${ui.error}`}>
          {failure.message}
        </p>
      )}
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
  const [message, setMessage] = useState<FormNotice | null>(null);
  const [pending, setPending] = useState(false);
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
                onClick={async () => {
                  setPending(true);
                  setMessage(null);
                  const r = await guard(() => removePasskeyAction(p.id)).catch(() => ({ ok: false as const, message: UNREACHABLE }));
                  setPending(false);
                  if (!r) return;
                  setMessage(r.ok ? { ok: true, text: `Removed ${p.name}.` } : { ok: false, text: r.message });
                  router.refresh();
                }}
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
        onSubmit={async (e) => {
          e.preventDefault();
          const name = String(new FormData(e.currentTarget).get("passkeyName") ?? "");
          setPending(true);
          setMessage(null);
          try {
            const options = await guard(() => passkeyRegistrationOptionsAction());
            if (!options) return;
            if (!options.ok) return setMessage({ ok: false, text: options.message });
            const response = await startRegistration({
              optionsJSON: options.options as Parameters<typeof startRegistration>[0]["optionsJSON"],
            });
            const r = await guard(() => registerPasskeyAction({ challengeId: options.challengeId, response, name }));
            if (!r) return;
            setMessage(r.ok ? { ok: true, text: `Added ${name}.` } : { ok: false, text: r.message });
            if (r.ok) router.refresh();
          } catch {
            setMessage({ ok: false, text: "No passkey was made. Try again." });
          } finally {
            setPending(false);
          }
        }}
      >
        <Field name="passkeyName" label="Name for a new passkey" placeholder="My laptop" required maxLength={60} />
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-3`}>
          Add a passkey
        </button>
      </form>
      <FormMessage message={message} />
    </div>
  );
}

export function PasswordSection() {
  const router = useRouter();
  const guard = useReauth();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        setPending(true);
        setFailure(null);
        try {
          const input = { current: String(f.get("current") ?? ""), next: String(f.get("next") ?? "") };
          const r = await guard(() => changePasswordAction(input));
          if (!r) return;
          if (!r.ok) return setFailure({ message: r.message, fields: r.fields ?? {} });
          await signOut({ redirect: false });
          router.push("/dashboard/sign-in?notice=changed");
        } catch {
          setFailure({ message: UNREACHABLE, fields: {} });
        } finally {
          setPending(false);
        }
      }}
    >
      {failure && (
        <p role="alert" className={`mt-3 ${ui.error}`}>
          {failure.message}
        </p>
      )}
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
