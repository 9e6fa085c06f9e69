"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
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
import { useAction } from "@/components/ui/use-action";
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
  const { notice, pending, run } = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const form = e.currentTarget;
        void run(
          () => createWebhookAction({ url: String(f.get("url") ?? ""), events: f.getAll("events").map(String) }),
          (r) => {
            setSecret(r.data.secret);
            form.reset();
            router.refresh();
          },
        );
      }}
    >
      <label htmlFor="webhook-url" className={ui.label}>
        Endpoint URL (https)
      </label>
      <input id="webhook-url" name="url" type="url" required className={ui.input} placeholder="https://shop.example/webhooks/checkout" />
      <EventChoices selected={[]} />
      <FormMessage message={notice} />
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
  const { notice, pending, run } = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => router.refresh();
  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          void run(
            () =>
              updateWebhookAction(id, {
                url: String(f.get("url")),
                events: f.getAll("events").map(String),
                active: f.get("active") === "on",
              }),
            refresh,
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
            void run(
              () => testWebhookAction(id),
              refresh,
              ({ data }) =>
                data.success
                  ? { ok: true, text: `Test event delivered (HTTP ${data.responseCode}).` }
                  : {
                      ok: false,
                      text: `Test event failed: ${data.error ?? "no answer"}${data.responseCode ? ` (HTTP ${data.responseCode})` : ""}.`,
                    },
            )
          }
        >
          Send test event
        </button>
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.secondary}`}
          onClick={() =>
            void run(
              () => rotateSecretAction(id),
              (r) => setSecret(r.data),
              "New secret made; the old one keeps signing for 24 hours.",
            )
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
              disabled={pending}
              className={`${ui.button} ${ui.danger}`}
              onClick={() =>
                void run(
                  () => deleteWebhookAction(id),
                  () => router.push("/dashboard/webhooks"),
                )
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
      <FormMessage message={notice} success={SUCCESS_BOX} />
      {secret && <SecretOnce secret={secret} />}
    </div>
  );
}

export function ResendButton({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  const router = useRouter();
  const { notice, pending, run } = useAction();
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        disabled={pending}
        className={`${ui.button} ${ui.secondary}`}
        onClick={() =>
          void run(
            () => resendDeliveryAction(webhookId, deliveryId),
            () => router.refresh(),
            ({ data }) => `Resent: ${data.status}${data.responseCode ? ` (HTTP ${data.responseCode})` : ""}`,
          )
        }
      >
        {pending ? "Resending…" : "Resend"}
      </button>
      {notice && <span role={notice.ok ? "status" : "alert"}>{notice.text}</span>}
    </span>
  );
}
