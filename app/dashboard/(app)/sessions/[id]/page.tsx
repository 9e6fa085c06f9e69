import type { Metadata } from "next";
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { addressId, orNotFound } from "@/lib/http/page";
import { requireMerchant } from "@/lib/auth/session";
import { isFiatPriced, orderNet, sessionPrice } from "@/lib/dashboard/price";
import { getSessionDetail } from "@/lib/dashboard/session-detail";
import { chainName, tokenName } from "@/lib/dashboard/format";
import { HexValue } from "@/components/dashboard/hex-value";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";

export const metadata: Metadata = { title: "Session" };

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireMerchant();
  const id = addressId((await params).id);
  const detail = await orNotFound(getSessionDetail(await getDb(), id, { actor }));
  const s = detail.session;
  return (
    <div className="space-y-6">
      <p>
        <Link href="/dashboard/sessions" className="text-blue-700 underline dark:text-blue-300">
          All sessions
        </Link>
      </p>
      <h1 className="break-all text-2xl font-bold">
        Session <span className="font-mono text-lg">{s.id}</span>
      </h1>
      <section className={ui.card} aria-labelledby="summary">
        <h2 id="summary" className="font-semibold">
          Summary
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className={ui.muted}>Status</dt>
          <dd>
            <StatusBadge status={s.status} />
          </dd>
          <dt className={ui.muted}>Amount</dt>
          <dd>{sessionPrice(s)}</dd>
          {isFiatPriced(s) && (
            <>
              <dt className={ui.muted}>You receive</dt>
              <dd>
                {(s.activeOrder && orderNet(s.activeOrder)) ??
                  `about ${s.amountUsdc} USDC at today's mid rate; set when the payer picks a payment app`}
              </dd>
            </>
          )}
          <dt className={ui.muted}>Chain</dt>
          <dd>
            {chainName(s.destinationChainId)} <span className={ui.muted}>(chain id {s.destinationChainId})</span>
          </dd>
          <dt className={ui.muted}>Token</dt>
          <dd>
            {tokenName(s.destinationChainId, s.destinationToken)}{" "}
            <HexValue value={s.destinationToken} kind="address" chainId={s.destinationChainId} label="Token contract" />
          </dd>
          <dt className={ui.muted}>Recipient</dt>
          <dd>
            <HexValue value={s.recipientAddress} kind="address" chainId={s.destinationChainId} label="Recipient" />
          </dd>
          <dt className={ui.muted}>Expires</dt>
          <dd>
            <RelativeTime at={s.expiresAt} />
          </dd>
          <dt className={ui.muted}>Metadata</dt>
          <dd>
            {s.metadata && Object.keys(s.metadata).length ? (
              <ul>
                {Object.entries(s.metadata).map(([k, v]) => (
                  <li key={k}>
                    <span className="font-mono">{k}</span>: {v}
                  </li>
                ))}
              </ul>
            ) : (
              "none"
            )}
          </dd>
        </dl>
      </section>
      <section className={ui.card} aria-labelledby="orders">
        <h2 id="orders" className="font-semibold">
          Orders
        </h2>
        {detail.orders.length === 0 ? (
          <p className={`mt-2 ${ui.muted}`}>No order yet: the payer has not started.</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm">
            {detail.orders.map((o) => (
              <li key={o.id} className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
                <span className="font-mono">{o.id}</span> · <StatusBadge status={o.status} /> · {o.fiatAmount} {o.fiatCurrency} via{" "}
                {o.paymentPlatform}
                {orderNet(o) && ` · ${orderNet(o)}`}
                {o.fulfillTx && (
                  <span className="mt-1 block">
                    tx <HexValue value={o.fulfillTx} kind="tx" chainId={s.destinationChainId} label="Transaction" />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {detail.proofAttempts.length > 0 && (
          <>
            <h3 className="mt-4 font-medium">Proof attempts</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {detail.proofAttempts.map((p) => (
                <li key={p.id}>
                  <RelativeTime at={p.at} /> · {p.outcome}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className={ui.card} aria-labelledby="timeline">
        <h2 id="timeline" className="font-semibold">
          Events and deliveries
        </h2>
        {detail.timeline.length === 0 ? (
          <p className={`mt-2 ${ui.muted}`}>No events yet.</p>
        ) : (
          <ol className="mt-3 space-y-2 text-sm">
            {detail.timeline.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <span className="font-semibold">{e.type}</span> <RelativeTime at={e.at} />
                {e.deliveries.length > 0 ? (
                  <ul className="mt-1">
                    {e.deliveries.map((d) => (
                      <li key={d.id}>
                        <Link
                          href={`/dashboard/webhooks/${d.webhookId}?delivery=${d.id}`}
                          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-blue-300"
                        >
                          <StatusBadge status={d.status} />
                        </Link>{" "}
                        after {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                        {d.responseCode ? ` (HTTP ${d.responseCode})` : ""} to{" "}
                        <Link href={`/dashboard/webhooks/${d.webhookId}`} className="break-all text-blue-700 underline dark:text-blue-300">
                          {d.webhookUrl ?? d.webhookId}
                        </Link>
                        {d.webhookDeleted && <span className={ui.muted}> (deleted)</span>}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className={ui.muted}>No webhook subscribed.</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
