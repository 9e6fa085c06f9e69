"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import {
  createWebhookAction,
  deleteWebhookAction,
  resendDeliveryAction,
  rotateSecretAction,
  testWebhookAction,
  updateWebhookAction,
} from "@/actions/dashboard/webhook";
import { FormMessage, SUCCESS_BOX } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { EVENT_TYPES } from "@/lib/events/types";
import { CopyButton } from "@/components/ui/copy-button";

function SecretOnce({ secret }: { secret: string }) {
  return (
    <div
      className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      role="status"
    >
      <p className="font-semibold">Signing secret: copy it now, it will not be shown again.</p>
      <div className="mt-2 flex items-center gap-2">
        <code data-testid="webhook-secret" className="min-w-0 flex-1 break-all font-mono text-sm">
          {secret}
        </code>
        <CopyButton value={secret} label="Copy signing secret" />
      </div>
    </div>
  );
}

function EventChoices({ selected, eventTypes = EVENT_TYPES }: { selected: string[]; eventTypes?: readonly string[] }) {
  return (
    <fieldset className="mt-3">
      <legend className={ui.label}>Events (none ticked: all events)</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {eventTypes.map((t) => (
          <label key={t} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="events" value={t} defaultChecked={selected.includes(t)} /> {t}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CreateWebhookForm() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const form = e.currentTarget;
        start(async () => {
          const r = await createWebhookAction({ url: String(f.get("url") ?? ""), events: f.getAll("events").map(String) });
          if (!r.ok) return setError(r.message);
          setError(null);
          setSecret(r.data.secret);
          form.reset();
          router.refresh();
        });
      }}
    >
      <label htmlFor="webhook-url" className={ui.label}>
        Endpoint URL (https)
      </label>
      <input id="webhook-url" name="url" type="url" required className={ui.input} placeholder="https://shop.example/webhooks/checkout" />
      <EventChoices selected={[]} />
      {error && (
        <p role="alert" className={`mt-3 ${ui.error}`}>
          {error}
        </p>
      )}
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        {pending ? "Adding…" : "Add webhook"}
      </button>
      {secret && <SecretOnce secret={secret} />}
    </form>
  );
}

export function WebhookControls({
  id,
  url,
  events,
  active,
  eventTypes,
}: {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  /** the event names of the webhook's API generation (v0 when absent) */
  eventTypes?: readonly string[];
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const run = (fn: () => Promise<{ ok: boolean; message?: string }>, ok: string) =>
    start(async () => {
      const r = await fn();
      setMessage(r.ok ? { kind: "ok", text: ok } : { kind: "error", text: r.message ?? "Failed" });
      router.refresh();
    });
  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          run(
            () =>
              updateWebhookAction(id, {
                url: String(f.get("url")),
                events: f.getAll("events").map(String),
                active: f.get("active") === "on",
              }),
            "Webhook saved.",
          );
        }}
      >
        <label htmlFor="edit-url" className={ui.label}>
          Endpoint URL
        </label>
        <input id="edit-url" name="url" type="url" defaultValue={url} required className={ui.input} />
        <EventChoices selected={events} eventTypes={eventTypes} />
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={active} /> Active (deliveries are made)
        </label>
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-3`}>
          Save
        </button>
      </form>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.secondary}`}
          onClick={() =>
            start(async () => {
              const r = await testWebhookAction(id);
              if (!r.ok) setMessage({ kind: "error", text: r.message });
              else
                setMessage(
                  r.data.success
                    ? { kind: "ok", text: `Test event delivered (HTTP ${r.data.responseCode}).` }
                    : {
                        kind: "error",
                        text: `Test event failed: ${r.data.error ?? "no answer"}${r.data.responseCode ? ` (HTTP ${r.data.responseCode})` : ""}.`,
                      },
                );
              router.refresh();
            })
          }
        >
          Send test event
        </button>
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.secondary}`}
          onClick={() =>
            start(async () => {
              const r = await rotateSecretAction(id);
              if (r.ok) setSecret(r.data);
              setMessage(
                r.ok
                  ? { kind: "ok", text: "New secret made; the old one keeps signing for 24 hours." }
                  : { kind: "error", text: r.message },
              );
            })
          }
        >
          Rotate secret
        </button>
        {!confirmDelete ? (
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setConfirmDelete(true)}>
            Delete webhook
          </button>
        ) : (
          <span role="group" aria-label="Confirm deletion" className="flex gap-2">
            <button
              type="button"
              className={`${ui.button} ${ui.danger}`}
              onClick={() =>
                start(async () => {
                  const r = await deleteWebhookAction(id);
                  if (r.ok) router.push("/dashboard/webhooks");
                  else setMessage({ kind: "error", text: r.message });
                })
              }
            >
              Yes, delete
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </span>
        )}
      </div>
      <FormMessage message={message && { ok: message.kind !== "error", text: message.text }} success={SUCCESS_BOX} />
      {secret && <SecretOnce secret={secret} />}
    </div>
  );
}

export function ResendButton({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        disabled={pending}
        className={`${ui.button} ${ui.secondary}`}
        onClick={() =>
          start(async () => {
            const r = await resendDeliveryAction(webhookId, deliveryId);
            setResult(r.ok ? `Resent: ${r.data.status}${r.data.responseCode ? ` (HTTP ${r.data.responseCode})` : ""}` : r.message);
            router.refresh();
          })
        }
      >
        {pending ? "Resending…" : "Resend"}
      </button>
      {result && <span role="status">{result}</span>}
    </span>
  );
}
