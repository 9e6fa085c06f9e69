import type { Metadata } from "next";
import Link from "next/link";
import { CreateLinkForm } from "@/components/dashboard/payment-link-forms";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { atLeast, roleOf } from "@/lib/accounts/roles";
import { requireMerchant } from "@/lib/auth/session";
import { CHAINS } from "@/lib/chains";
import { getConfig } from "@/lib/core/config";
import { formatUsdc } from "@/lib/dashboard/format";
import { orMessage } from "@/lib/http/page";
import { linkPrice } from "@/lib/links/fields";
import { listPaymentLinks } from "@/lib/links/service";
import { getPayoutWallet } from "@/lib/merchants/wallet";
import { FIAT_CURRENCIES } from "@/lib/sessions/schemas";

export const metadata: Metadata = { title: "Payment links" };

export default async function PaymentLinksPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { actor } = await requireMerchant();
  const db = await getDb();
  const { cursor } = await searchParams;
  const listed = await orMessage(listPaymentLinks(db, { limit: 50, cursor: typeof cursor === "string" ? cursor : undefined }, { actor }));
  const canEdit = atLeast(roleOf(actor), "developer");
  const wallet = canEdit ? ((await getPayoutWallet(db, { actor })) ?? "") : "";
  const chains = getConfig().supportedChainIds.map((id) => ({ id, name: CHAINS[id]?.name ?? `Chain ${id}`, usdc: CHAINS[id]?.usdc ?? "" }));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Payment links</h1>
      <p className={ui.muted}>
        A payment link opens a fresh checkout for each payer: share it in a chat, an email or a QR code, with no server of your own.
      </p>
      <section className={ui.card} aria-labelledby="links">
        <h2 id="links" className="font-semibold">
          Your links
        </h2>
        {!listed.ok ? (
          <p role="alert" className={`mt-2 ${ui.error}`}>
            {listed.message}
          </p>
        ) : listed.value.paymentLinks.length === 0 ? (
          <p className={`mt-2 ${ui.muted}`}>No payment links yet.{canEdit ? " Make one below." : ""}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {listed.value.paymentLinks.map((l) => (
              <li key={l.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link href={`/dashboard/links/${l.id}`} className="font-medium text-blue-700 underline dark:text-blue-300">
                    {l.title}
                  </Link>
                  <StatusBadge status={l.status} />
                </div>
                <p className={`mt-1 text-sm ${ui.muted}`}>
                  {linkPrice(l)} · {l.payments}
                  {l.maxPayments !== null ? ` of ${l.maxPayments}` : ""}{" "}
                  {l.payments === 1 && l.maxPayments === null ? "payment" : "payments"} · {formatUsdc(l.paidUsdc)} received
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <code className="min-w-0 break-all text-sm">{l.url}</code>
                  <CopyButton value={l.url} label={`Copy the link of ${l.title}`} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {listed.ok && listed.value.nextCursor && (
          <p className="mt-3">
            <Link
              href={`/dashboard/links?cursor=${encodeURIComponent(listed.value.nextCursor)}`}
              className="text-blue-700 underline dark:text-blue-300"
            >
              Older links
            </Link>
          </p>
        )}
      </section>
      {canEdit && (
        <section className={ui.card} aria-labelledby="one-off">
          <h2 id="one-off" className="font-semibold">
            Request one payment
          </h2>
          <p className={`mt-1 text-sm ${ui.muted}`}>
            For an invoice or a sale in a chat: a link for one payment of a fixed amount, with your reference and note shown to the payer.
            It closes once paid, and its checkout starts only when the payer opens it, so it does not expire while it waits.
          </p>
          <CreateLinkForm chains={chains} wallet={wallet} currencies={["USDC", ...FIAT_CURRENCIES]} oneOff />
        </section>
      )}
      {canEdit && (
        <section className={ui.card} aria-labelledby="new-link">
          <h2 id="new-link" className="font-semibold">
            New payment link
          </h2>
          <CreateLinkForm chains={chains} wallet={wallet} currencies={["USDC", ...FIAT_CURRENCIES]} />
        </section>
      )}
    </div>
  );
}
