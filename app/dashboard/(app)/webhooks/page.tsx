import type { Metadata } from "next";
import Link from "next/link";
import { CreateWebhookForm } from "@/components/dashboard/webhook-forms";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { atLeast, roleOf } from "@/lib/accounts/roles";
import { requireMerchant } from "@/lib/auth/session";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { HealthLine } from "@/components/dashboard/webhook-health";
import { webhooksHealth } from "@/lib/webhooks/health";
import { listWebhooks } from "@/lib/webhooks/service";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { actor } = await requireMerchant();
  const db = await getDb();
  const { webhooks } = await listWebhooks(db, { actor, generation: "any" });
  const health = await webhooksHealth(
    db,
    webhooks.map((w) => w.id),
    actor.merchantId,
  );
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Webhooks</h1>
      <section className={ui.card} aria-labelledby="list">
        <h2 id="list" className="font-semibold">
          Your endpoints
        </h2>
        {webhooks.length === 0 ? (
          <p className={`mt-2 ${ui.muted}`}>No webhooks yet. Add one below to hear about payments.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {webhooks.map((w) => (
              <li key={w.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <Link href={`/dashboard/webhooks/${w.id}`} className="break-all font-medium text-blue-700 underline dark:text-blue-300">
                  {w.url}
                </Link>
                <p className={`mt-1 text-sm leading-7 ${ui.muted}`}>
                  <StatusBadge status={w.active ? "ACTIVE" : "INACTIVE"} /> · {w.events.length ? w.events.join(", ") : "all events"} ·{" "}
                  {"apiVersion" in w && w.apiVersion === 1 ? "API v1 · " : ""}added <RelativeTime at={w.createdAt} />
                </p>
                {health[w.id] && (
                  <p className={`mt-1 text-sm ${ui.muted}`}>
                    <HealthLine health={health[w.id]!} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {atLeast(roleOf(actor), "developer") && (
        <section className={ui.card} aria-labelledby="add">
          <h2 id="add" className="font-semibold">
            Add a webhook
          </h2>
          <CreateWebhookForm />
        </section>
      )}
    </div>
  );
}
