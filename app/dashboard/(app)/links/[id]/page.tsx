import type { Metadata } from "next";
import Link from "next/link";
import { LinkActiveButton } from "@/components/dashboard/payment-link-forms";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { atLeast, roleOf } from "@/lib/accounts/roles";
import { requireMerchant } from "@/lib/auth/session";
import { formatUsdc } from "@/lib/dashboard/format";
import { addressId, orNotFound } from "@/lib/http/page";
import { FIELD_LABELS, linkPrice } from "@/lib/links/fields";
import { getPaymentLink, linkSessions } from "@/lib/links/service";
import { usdcFromMicro } from "@/lib/core/money";

export const metadata: Metadata = { title: "Payment link" };

const SHARE_TEXT = (title: string, url: string) => `${title}: ${url}`;

export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireMerchant();
  const id = addressId((await params).id);
  const db = await getDb();
  const link = await orNotFound(getPaymentLink(db, id, { actor }));
  const sessions = await linkSessions(db, id, { actor });
  const qr = `/l/${link.slug}/qr`;
  const share = encodeURIComponent(SHARE_TEXT(link.title, link.url));
  const asked = link.fields.map((f) => f.key);
  return (
    <div className="space-y-6">
      <p>
        <Link href="/dashboard/links" className="text-sm text-blue-700 underline dark:text-blue-300">
          All payment links
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{link.title}</h1>
        <StatusBadge status={link.status} />
      </div>
      <section className={ui.card} aria-labelledby="share">
        <h2 id="share" className="font-semibold">
          Share it
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code data-testid="link-url" className="min-w-0 break-all text-sm">
            {link.url}
          </code>
          <CopyButton value={link.url} label="Copy the payment link" />
        </div>
        <ul className="mt-3 flex flex-wrap gap-3 text-sm">
          <li>
            <a
              className="text-blue-700 underline dark:text-blue-300"
              href={`https://wa.me/?text=${share}`}
              rel="noopener noreferrer"
              target="_blank"
            >
              Share on WhatsApp
            </a>
          </li>
          <li>
            <a
              className="text-blue-700 underline dark:text-blue-300"
              href={`https://t.me/share/url?url=${encodeURIComponent(link.url)}&text=${encodeURIComponent(link.title)}`}
              rel="noopener noreferrer"
              target="_blank"
            >
              Share on Telegram
            </a>
          </li>
          <li>
            <a
              className="text-blue-700 underline dark:text-blue-300"
              href={`mailto:?subject=${encodeURIComponent(link.title)}&body=${share}`}
            >
              Send by email
            </a>
          </li>
        </ul>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          {/* made on the server from the link's address (lib/links/qr.ts) */}
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG from this service, no optimisation to gain */}
          <img
            src={`${qr}?format=svg`}
            alt={`QR code of the payment link ${link.url}`}
            width={192}
            height={192}
            className="rounded-lg bg-white p-2"
          />
          <p className="flex flex-col gap-1 text-sm">
            <a className="text-blue-700 underline dark:text-blue-300" href={`${qr}?format=svg`} download={`payment-link-${link.slug}.svg`}>
              Download the QR code (SVG, for print)
            </a>
            <a className="text-blue-700 underline dark:text-blue-300" href={`${qr}?format=png`} download={`payment-link-${link.slug}.png`}>
              Download the QR code (PNG)
            </a>
          </p>
        </div>
      </section>
      <section className={ui.card} aria-labelledby="details">
        <h2 id="details" className="font-semibold">
          Details
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className={ui.muted}>Price</dt>
          <dd>{linkPrice(link)}</dd>
          <dt className={ui.muted}>Payments</dt>
          <dd data-testid="link-payments">
            {link.payments}
            {link.maxPayments !== null ? ` of ${link.maxPayments}` : ""}, {formatUsdc(link.paidUsdc)} received
            {link.openSessions > 0 ? ` (${link.openSessions} in progress)` : ""}
          </dd>
          <dt className={ui.muted}>Ends</dt>
          <dd>{link.endsAt ? <RelativeTime at={link.endsAt} /> : "Never"}</dd>
          <dt className={ui.muted}>Asks for</dt>
          <dd>
            {asked.length ? link.fields.map((f) => `${FIELD_LABELS[f.key]}${f.required ? "" : " (optional)"}`).join(", ") : "Nothing"}
          </dd>
        </dl>
        {atLeast(roleOf(actor), "developer") && (
          <div className="mt-4">
            <LinkActiveButton id={link.id} active={link.active} />
          </div>
        )}
      </section>
      <section className={ui.card} aria-labelledby="payments">
        <h2 id="payments" className="font-semibold">
          Checkouts started through it
        </h2>
        {sessions.length === 0 ? (
          <p className={`mt-2 ${ui.muted}`}>Nobody has started a payment through this link yet.</p>
        ) : (
          <Table
            caption="Checkouts started through this link, newest first"
            columns={["Started", "Status", "Amount", ...asked.map((k) => FIELD_LABELS[k]), "Session"]}
          >
            {sessions.map((s) => (
              <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-2 pr-3">
                  <RelativeTime at={s.createdAt.toISOString()} />
                </td>
                <td className="py-2 pr-3">
                  <StatusBadge status={s.status} />
                </td>
                <td className="py-2 pr-3">{formatUsdc(usdcFromMicro(s.amountMicro))}</td>
                {asked.map((k) => (
                  <td key={k} className="py-2 pr-3 break-all">
                    {s.metadata?.[k] ?? "—"}
                  </td>
                ))}
                <td className="py-2 pr-3">
                  {/* named in full for screen readers: an sr-only span here would escape the table's scrolling box */}
                  <Link
                    href={`/dashboard/sessions/${s.id}`}
                    aria-label={`Session ${s.id}`}
                    className="text-blue-700 underline dark:text-blue-300"
                  >
                    {s.id.slice(0, 13)}…
                  </Link>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
