import type { Metadata } from "next";
import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { SessionTimeline } from "@/components/dashboard/session-timeline";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { addressId, orNotFound } from "@/lib/http/page";
import { requireMerchant } from "@/lib/auth/session";
import { isFiatPriced, sessionPrice } from "@/lib/dashboard/price";
import { getSessionDetail } from "@/lib/dashboard/session-detail";
import { sessionTimeline } from "@/lib/dashboard/timeline";
import { chainName, tokenName } from "@/lib/dashboard/format";
import { HexValue } from "@/components/dashboard/hex-value";
import { LocalUsdc, OrderReceives } from "@/components/dashboard/local-usdc";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ExceptionCard } from "@/components/dashboard/exceptions";
import { ExceptionResolve } from "@/components/dashboard/exception-resolve";
import { ReauthProvider } from "@/components/dashboard/reauth";
import { reauthNeeds } from "@/lib/accounts/reauth";
import { roleOf } from "@/lib/accounts/roles";
import { REAUTH_TTL_MS } from "@/lib/auth/reauth";
import { NewRefundForm, RefundList } from "@/components/dashboard/refunds";
import { sessionRefunds } from "@/lib/dashboard/refunds";

export const metadata: Metadata = { title: "Session" };

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireMerchant();
  const id = addressId((await params).id);
  const db = await getDb();
  const detail = await orNotFound(getSessionDetail(db, id, { actor }));
  const s = detail.session;
  // owners resolve exceptions; marking one paid asks the signed-in person to confirm it is them
  const owner = roleOf(actor) === "owner";
  const needs =
    owner && actor.person && detail.exceptions.some((e) => e.status === "OPEN")
      ? await reauthNeeds(db, actor.person.userId)
      : { code: false, passkey: false };
  const refunds = await sessionRefunds(db, s.id, actor.merchantId);
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
      {detail.exceptions.length > 0 && (
        <ReauthProvider needs={needs} minutes={REAUTH_TTL_MS / 60_000}>
          {detail.exceptions.map((e) => (
            <ExceptionCard key={e.id} sessionId={s.id} exception={e} chainId={s.environment === "live" ? s.destinationChainId : null}>
              {owner ? (
                <ExceptionResolve key={e.id} sessionId={s.id} exception={e} />
              ) : (
                e.status === "OPEN" && <p className={`mt-3 text-sm ${ui.muted}`}>Only an owner of this account can resolve it.</p>
              )}
            </ExceptionCard>
          ))}
        </ReauthProvider>
      )}
      <section className={ui.card} aria-labelledby="summary">
        <h2 id="summary" className="font-semibold">
          Summary
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className={ui.muted}>Status</dt>
          <dd>
            <StatusBadge status={s.status} />
            {s.markedBy && <span className={`ml-2 text-sm ${ui.muted}`}>marked paid in full by {s.markedBy}</span>}
          </dd>
          {detail.payerLink && (
            <>
              <dt className={ui.muted}>Payer&apos;s page</dt>
              <dd>
                <span className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 break-all">{detail.payerLink}</code>
                  <CopyButton value={detail.payerLink} label="Copy the payer's link" />
                </span>
                <span className="mt-1 flex flex-wrap gap-3">
                  <a
                    className="text-blue-700 underline dark:text-blue-300"
                    href={`/checkout/qr?session=${s.id}&format=svg`}
                    download={`checkout-${s.id}.svg`}
                  >
                    QR code (SVG)
                  </a>
                  <a
                    className="text-blue-700 underline dark:text-blue-300"
                    href={`/checkout/qr?session=${s.id}&format=png`}
                    download={`checkout-${s.id}.png`}
                  >
                    QR code (PNG)
                  </a>
                </span>
              </dd>
            </>
          )}
          <dt className={ui.muted}>Amount</dt>
          <dd>{isFiatPriced(s) ? sessionPrice(s) : <LocalUsdc amount={s.amountUsdc} />}</dd>
          {detail.partlyPaid && (
            <>
              <dt className={ui.muted}>Paid</dt>
              <dd>
                Partly paid: <LocalUsdc amount={detail.partlyPaid.paidUsdc} /> received, <LocalUsdc amount={detail.partlyPaid.unpaidUsdc} />{" "}
                {s.status === "CANCELLED"
                  ? "not paid: the session was cancelled before the rest was paid"
                  : s.status === "EXPIRED"
                    ? "not paid: the session expired before the rest was paid"
                    : "still to pay"}
              </dd>
            </>
          )}
          {s.environment === "live" && (
            <>
              <dt className={ui.muted}>Fees paid by</dt>
              <dd>
                {s.feePayer === "PAYEE"
                  ? "the payer, on top of the price"
                  : s.feePayer === "SPLIT"
                    ? `the payer (${(s.buyerFeeShareBps ?? 0) / 100}%) and you`
                    : "you, from what you receive"}
              </dd>
            </>
          )}
          {s.activeOrder?.fees && (
            <>
              <dt className={ui.muted}>Fees</dt>
              <dd>
                <LocalUsdc amount={s.activeOrder.fees.totalUsdc} />: protocol <LocalUsdc amount={s.activeOrder.fees.protocolUsdc} />,
                liquidity manager <LocalUsdc amount={s.activeOrder.fees.managerUsdc} />, referral{" "}
                <LocalUsdc amount={s.activeOrder.fees.referralUsdc} />
              </dd>
            </>
          )}
          {(isFiatPriced(s) || s.activeOrder?.netAmountUsdc) && (
            <>
              <dt className={ui.muted}>You receive</dt>
              <dd>
                {s.activeOrder?.netAmountUsdc ? (
                  <OrderReceives order={s.activeOrder} />
                ) : (
                  <>
                    about <LocalUsdc amount={s.amountUsdc} /> at today&apos;s mid rate; set when the payer picks a payment app
                  </>
                )}
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
          {s.paymentLinkId && (
            <>
              <dt className={ui.muted}>Started from</dt>
              <dd>
                <Link href={`/dashboard/links/${s.paymentLinkId}`} className="text-blue-700 underline dark:text-blue-300">
                  its payment link
                </Link>
              </dd>
            </>
          )}
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
      {(refunds.refunds.length > 0 || refunds.refundableUsdc !== "0.00") && (
        <section className={ui.card} aria-labelledby="refunds">
          <h2 id="refunds" className="font-semibold">
            Refunds
          </h2>
          <p className={`mt-1 text-sm ${ui.muted}`}>
            Refunded {s.refundedUsdc} USDC ({s.refundState === "full" ? "in full" : s.refundState === "partial" ? "in part" : "nothing yet"}
            ); {refunds.refundableUsdc} USDC is left to refund.
          </p>
          <RefundList refunds={refunds.refunds} owner={owner} />
          {owner && refunds.refundableUsdc !== "0.00" ? (
            <NewRefundForm sessionId={s.id} refundableUsdc={refunds.refundableUsdc} />
          ) : (
            !owner && <p className={`mt-3 text-sm ${ui.muted}`}>Only an owner of this account can refund or send a refund.</p>
          )}
        </section>
      )}
      <section className={ui.card} aria-labelledby="timeline">
        <h2 id="timeline" className="font-semibold">
          Timeline
        </h2>
        <p id="timeline-order" className={`mt-1 text-sm ${ui.muted}`}>
          Everything that happened to this session, oldest first: its status, its orders, proofs, events and their webhook deliveries.
        </p>
        <SessionTimeline entries={sessionTimeline(detail)} chainId={s.destinationChainId} />
        {detail.orders.length === 0 && <p className={`mt-3 text-sm ${ui.muted}`}>No order yet: the payer has not started.</p>}
      </section>
    </div>
  );
}
