import type { Metadata } from "next";
import Link from "next/link";
import { RetryAllFailed } from "@/components/dashboard/retry-all-failed";
import { ResendButton, WebhookControls } from "@/components/dashboard/webhook-forms";
import { DeliveryAttempt } from "@/components/dashboard/delivery-attempt";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { HealthSummary } from "@/components/dashboard/webhook-health";
import { FilterSelect, queryString } from "@/components/ui/filter-select";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { atLeast, roleOf } from "@/lib/accounts/roles";
import { requireMerchant } from "@/lib/auth/session";
import { httpStatusText } from "@/lib/dashboard/format";
import { addressId, orMessage, orNotFound, searchProblem } from "@/lib/http/page";
import { EVENT_TYPES, TEST_EVENT_TYPE, V1_EVENT_TYPES, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { deliveryListQuery } from "@/lib/webhooks/schemas";
import { getWebhookHealth } from "@/lib/webhooks/health";
import { getDeliveryOrThrow, getWebhookOrThrow, listDeliveries } from "@/lib/webhooks/service";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { actor } = await requireMerchant();
  const canChange = atLeast(roleOf(actor), "developer");
  const id = addressId((await params).id);
  const raw = await searchParams;
  const problem = searchProblem(raw);
  const db = await getDb();
  // both API generations' webhooks are the merchant's to see here
  const as = { actor, generation: "any" } as const;
  const webhook = await orNotFound(getWebhookOrThrow(db, id, as));
  const v1 = "apiVersion" in webhook && webhook.apiVersion === 1;
  const eventTypes: readonly string[] = v1 ? V1_EVENT_TYPES : EVENT_TYPES;
  const parsed = deliveryListQuery.safeParse({
    limit: "25",
    ...Object.fromEntries(Object.entries(raw).filter(([k, v]) => v && k !== "delivery")),
  });
  // a refused filter, cursor or delivery id is a message; a failed query is the error boundary's, never an empty log
  const found = parsed.success && !problem ? await orMessage(listDeliveries(db, id, parsed.data, as)) : null;
  const list = found?.ok ? found.value : null;
  const filterError = problem ?? (!found ? "That filter is not valid." : found.ok ? null : found.message);
  const opened = raw.delivery && !problem ? await orMessage(getDeliveryOrThrow(db, id, raw.delivery, as)) : null;
  const open = opened?.ok ? opened.value : null;
  const health = await getWebhookHealth(db, id, as);
  const keep = (extra: Record<string, string>) => queryString({ status: raw.status, eventType: raw.eventType, ...extra });

  return (
    <div className="space-y-6">
      <p>
        <Link href="/dashboard/webhooks" className="text-blue-700 underline dark:text-blue-300">
          All webhooks
        </Link>
      </p>
      <h1 className="break-all text-2xl font-bold">{webhook.url}</h1>
      <p className={`text-sm ${ui.muted}`}>
        {v1
          ? "API v1 webhook: it receives the v1 events (ORDER_*, PAYMENT_*), with its custom headers."
          : "API v0 webhook: it receives the v0 events (order.*, session.*)."}
      </p>
      {webhook.deletedAt ? (
        <section className={ui.card} aria-labelledby="settings">
          <h2 id="settings" className="font-semibold">
            Deleted webhook
          </h2>
          <p
            role="status"
            className="mt-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            This webhook was deleted <RelativeTime at={webhook.deletedAt} />. It receives nothing more; its delivery history is kept here,
            read-only.
          </p>
          <p className={`mt-2 text-sm ${ui.muted}`}>Events: {webhook.events.length ? webhook.events.join(", ") : "all events"}</p>
        </section>
      ) : (
        <section className={ui.card} aria-labelledby="settings">
          <h2 id="settings" className="font-semibold">
            Settings
          </h2>
          {canChange ? (
            <WebhookControls id={webhook.id} url={webhook.url} events={webhook.events} active={webhook.active} eventTypes={eventTypes} />
          ) : (
            <p className={`mt-2 text-sm ${ui.muted}`}>
              {webhook.url} · {webhook.active ? "active" : "paused"} · events:{" "}
              {webhook.events.length ? webhook.events.join(", ") : "all events"}
            </p>
          )}
        </section>
      )}
      {v1 && "customHeaders" in webhook && (
        <section className={ui.card} aria-labelledby="custom-headers">
          <h2 id="custom-headers" className="font-semibold">
            Custom headers
          </h2>
          {webhook.customHeaders.length === 0 ? (
            <p className={`mt-2 text-sm ${ui.muted}`}>None.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {webhook.customHeaders.map((h) => (
                <li key={h.key} className="break-all font-mono">
                  {h.key}: {h.value}
                </li>
              ))}
            </ul>
          )}
          <p className={`mt-2 text-sm ${ui.muted}`}>
            Sent with every delivery. Values are stored encrypted and shown masked; they are changed through the API (PATCH
            /api/v1/webhooks/{webhook.id}).
          </p>
        </section>
      )}
      <section className={ui.card} aria-labelledby="health">
        <h2 id="health" className="font-semibold">
          Health
        </h2>
        <HealthSummary health={health} />
        {canChange && !webhook.deletedAt && <RetryAllFailed webhookId={webhook.id} failed={health.failedNow} />}
      </section>
      <section className={ui.card} aria-labelledby="log">
        <h2 id="log" className="font-semibold">
          Delivery log
        </h2>
        <form className="mt-3 flex flex-wrap items-end gap-3" aria-label="Filter deliveries">
          <FilterSelect name="status" label="Status" value={raw.status} options={["PENDING", "DELIVERED", "FAILED"]} />
          <FilterSelect
            name="eventType"
            label="Event"
            value={raw.eventType}
            options={[...eventTypes, v1 ? V1_TEST_EVENT_TYPE : TEST_EVENT_TYPE]}
          />
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            Filter
          </button>
        </form>
        {filterError && (
          <p role="alert" className={`mt-3 ${ui.error}`}>
            {filterError}
          </p>
        )}
        {list && list.deliveries.length === 0 && (
          <p className={`mt-3 ${ui.muted}`}>
            {webhook.deletedAt ? "No deliveries match." : "No deliveries match. Send a test event to see one here."}
          </p>
        )}
        {list && list.deliveries.length > 0 && (
          <div className="mt-3">
            <Table caption="Deliveries, newest first" columns={["Event", "Status", "Attempts", "Last response", "Next retry", "Created"]}>
              {list.deliveries.map((d) => (
                <tr key={d.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-2 pr-3">
                    <Link
                      href={`/dashboard/webhooks/${id}${keep({ delivery: d.id })}`}
                      className="text-blue-700 underline dark:text-blue-300"
                    >
                      {d.eventType}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">
                    <StatusBadge status={d.status} />
                  </td>
                  <td className="py-2 pr-3">{d.attempts}</td>
                  <td className="py-2 pr-3">{d.responseCode ? httpStatusText(d.responseCode) : (d.lastError ?? "—")}</td>
                  <td className="py-2 pr-3">{d.nextRetryAt ? <RelativeTime at={d.nextRetryAt} /> : "—"}</td>
                  <td className="py-2 pr-3">
                    <RelativeTime at={d.createdAt} />
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        )}
        {list?.nextCursor && (
          <Link href={`/dashboard/webhooks/${id}${keep({ cursor: list.nextCursor })}`} className={`${ui.button} ${ui.secondary} mt-3`}>
            Older deliveries
          </Link>
        )}
      </section>
      {opened && !opened.ok && (
        <p role="alert" className={ui.error}>
          {opened.message}
        </p>
      )}
      {open && (
        <section className={ui.card} aria-labelledby="delivery">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="delivery" className="break-all font-semibold">
              Delivery {open.id}: {open.status}
            </h2>
            {/* the heading says the status in words; the badge repeats it in colour */}
            <span aria-hidden="true">
              <StatusBadge status={open.status} />
            </span>
          </div>
          {canChange && !webhook.deletedAt && (
            <div className="mt-3">
              <ResendButton webhookId={id} deliveryId={open.id} />
            </div>
          )}
          <h3 className="mt-4 font-medium">Attempts</h3>
          {open.attemptHistory.length === 0 ? (
            <p className={ui.muted}>Not attempted yet.</p>
          ) : (
            <ol className="mt-2 space-y-2 text-sm">
              {open.attemptHistory.map((a) => (
                <li key={a.attempt} className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
                  <DeliveryAttempt attempt={a} />
                  {/* an answer's error is its status, said above; anything else is worth its own line */}
                  {a.error && a.responseCode !== null && a.error !== `HTTP ${a.responseCode}` && (
                    <span className="block">Error: {a.error}</span>
                  )}
                  {a.responseExcerpt && (
                    <pre
                      tabIndex={0}
                      aria-label={`Response to attempt ${a.attempt}`}
                      className="mt-1 overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs"
                    >
                      {a.responseExcerpt}
                    </pre>
                  )}
                </li>
              ))}
            </ol>
          )}
          <h3 className="mt-4 font-medium">Payload sent</h3>
          <pre
            tabIndex={0}
            aria-label="Payload sent"
            className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800"
          >
            {JSON.stringify(open.payload, null, 2)}
          </pre>
        </section>
      )}
    </div>
  );
}
