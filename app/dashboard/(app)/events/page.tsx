import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { JsonView } from "@/components/dashboard/json-view";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { ResendEventForm, type ResendTarget } from "@/components/dashboard/resend-event-form";
import { CopyButton } from "@/components/ui/copy-button";
import { FilterSelect, queryString } from "@/components/ui/filter-select";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { atLeast, roleOf } from "@/lib/accounts/roles";
import { requireMerchant } from "@/lib/auth/session";
import { EVENT_TYPES, TEST_EVENT_TYPE, V1_EVENT_TYPES, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { eventPage } from "@/lib/events/service";
import { orMessage, searchProblem } from "@/lib/http/page";
import { validationError } from "@/lib/http/validation";
import { eventListQuery } from "@/lib/events/schemas";
import { deliveryBody } from "@/lib/webhooks/delivery";
import { listWebhooks } from "@/lib/webhooks/service";

export const metadata: Metadata = { title: "Events" };

// Both API generations' events, each marked with its own: a v0 event and the v1 events it stands for
// are recorded together, and each goes to its own generation's webhooks (so it can be resent only
// to one of those). The API's list (GET /api/events) stays v0; the version filter narrows this one.
const TYPES = [...EVENT_TYPES, TEST_EVENT_TYPE, ...V1_EVENT_TYPES, V1_TEST_EVENT_TYPE] as const;
const VERSIONS = ["v0", "v1"] as const;
const pageQuery = eventListQuery.extend({
  type: z.enum(TYPES, { error: "must be an event name" }).optional(),
  version: z.enum(VERSIONS, { error: "must be v0 or v1" }).optional(),
});

/** "Order payment sent" for order.payment_sent, "Payment settled" for PAYMENT_SETTLED. */
const readable = (type: string) =>
  type
    .toLowerCase()
    .replace(/[._]/g, " ")
    .replace(/^./, (c) => c.toUpperCase());

export default async function EventsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { actor } = await requireMerchant();
  const canChange = atLeast(roleOf(actor), "developer");
  const raw = await searchParams;
  const parsed = pageQuery.safeParse({ limit: "25", ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v)) });
  // a refused filter or cursor is a message; a failed query is the error boundary's, never an empty list
  const problem = searchProblem(raw) ?? (parsed.success ? null : validationError(parsed.error, "query").message);
  const db = await getDb();
  const found =
    parsed.success && !problem
      ? await orMessage(
          eventPage(
            db,
            { ...parsed.data, generation: parsed.data.version === "v0" ? 0 : parsed.data.version === "v1" ? 1 : "any" },
            { actor },
          ),
        )
      : null;
  const result = found?.ok ? found.value : null;
  const error = problem ?? (found && !found.ok ? found.message : null);
  const filtered = Boolean(raw.type || raw.sessionId || raw.version);
  const next = result?.nextCursor
    ? queryString({ type: raw.type, sessionId: raw.sessionId, version: raw.version, cursor: result.nextCursor })
    : null;

  // where an event can be resent: the merchant's active webhooks of its generation
  const targets: Record<0 | 1, ResendTarget[]> = { 0: [], 1: [] };
  if (result?.items.length) {
    for (const w of (await listWebhooks(db, { actor, generation: "any" })).webhooks) {
      if (w.active) targets["apiVersion" in w && w.apiVersion === 1 ? 1 : 0].push({ id: w.id, url: w.url });
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Events</h1>
      <form className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter events">
        <FilterSelect name="type" label="Type" value={raw.type} options={TYPES} />
        <FilterSelect name="version" label="API version" value={raw.version} options={VERSIONS} />
        <div className="min-w-48 flex-1">
          <label htmlFor="sessionId" className={ui.label}>
            Session id
          </label>
          <input id="sessionId" name="sessionId" type="search" defaultValue={raw.sessionId ?? ""} className={ui.input} />
        </div>
        <button type="submit" className={`${ui.button} ${ui.primary}`}>
          Filter
        </button>
      </form>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      {result && result.items.length === 0 && (
        <p className={ui.muted}>
          {filtered || raw.cursor
            ? "No events match these filters."
            : "No events yet. Events are recorded when a payer starts checkout on one of your sessions, and each time its payment moves on (sent, fulfilled, failed, expired, cancelled); a webhook's test sends one too. They are delivered to your webhooks and listed here."}
        </p>
      )}
      {result && result.items.length > 0 && (
        <ol className="space-y-3" aria-label="Events, newest first">
          {result.items.map((e) => {
            const generation = e.apiVersion === 1 ? 1 : 0;
            const body = deliveryBody(e.payload);
            return (
              <li key={e.id} className={`${ui.card} min-w-0 space-y-3 !p-4`} data-event-id={e.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <h2 className="font-semibold">
                    {readable(e.type)}{" "}
                    <span className="ml-1 rounded-md bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                      v{generation} API
                    </span>
                  </h2>
                  <span className="text-sm whitespace-nowrap">
                    <RelativeTime at={e.createdAt.toISOString()} />
                  </span>
                </div>
                <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
                  <div className="flex min-w-0 gap-2">
                    <dt className={ui.muted}>Type</dt>
                    <dd className="font-mono break-all">{e.type}</dd>
                  </div>
                  <div className="flex min-w-0 gap-2">
                    <dt className={ui.muted}>Event</dt>
                    <dd className="font-mono break-all">{e.id}</dd>
                  </div>
                  {e.sessionId && (
                    <div className="flex min-w-0 gap-2">
                      <dt className={ui.muted}>Session</dt>
                      <dd className="font-mono break-all">
                        <Link href={`/dashboard/sessions/${e.sessionId}`} className="text-blue-700 underline dark:text-blue-300">
                          {e.sessionId}
                        </Link>
                      </dd>
                    </div>
                  )}
                </dl>
                <details className="group min-w-0">
                  <summary className="cursor-pointer rounded-sm text-sm font-medium text-blue-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:text-blue-300 dark:focus-visible:outline-blue-300">
                    Payload
                  </summary>
                  <div className="mt-2 space-y-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <CopyButton value={body} label={`Copy the payload of ${e.id}`} />
                      <span className={`text-xs ${ui.muted}`}>Copies the exact body a delivery sends (and signs).</span>
                    </div>
                    <JsonView json={body} label={`Payload of ${e.id}`} />
                  </div>
                </details>
                {canChange && <ResendEventForm eventId={e.id} generation={generation} webhooks={targets[generation]} />}
              </li>
            );
          })}
        </ol>
      )}
      {next && (
        <Link href={`/dashboard/events${next}`} className={`${ui.button} ${ui.secondary}`}>
          Older events
        </Link>
      )}
    </div>
  );
}
