import { explorerUrl } from "@/lib/explorers";
import { type Locale, translator } from "@/lib/i18n";
import type { Mail } from "@/lib/mail";
import { formatScaled, formatUsdc } from "@/lib/money";
import { CURRENCIES, PLATFORM_LABELS } from "@/lib/rail/platforms";

// The payer's receipt, in their language: plain text, and no link but the explorer's page of a live
// payment's release (the chain's default explorer, never one a merchant chose). The subject names
// no merchant: display names are chosen freely ("PayPal: verify your account at …"), and a subject
// is what a mail client shows before anyone opens the message, so the name appears in the body only,
// inside a sentence that says who sent the receipt and why.

/** One payment of the session, as the payer made it. */
export type ReceiptPayment = {
  platform: string;
  fiatCurrency: string;
  fiatAmountMinor: bigint;
  /** the release's transaction (live payments), for its explorer link */
  releaseTx: string | null;
};

export type ReceiptFacts = {
  to: string;
  locale: Locale;
  /** the merchant's display name */
  merchant: string;
  /** the payment link's title */
  title: string | null;
  sessionId: string;
  paidAt: Date;
  sandbox: boolean;
  /** exact-fiat: the payer was asked a price in their currency, and the receipt says nothing of USDC or the chain, as the page did */
  fiatPriced: boolean;
  /** the USDC of the session (exact-token) */
  amountMicro: bigint;
  payments: ReceiptPayment[];
  /** the chain the live rail releases on (its explorer), null without one */
  chainId: number | null;
};

const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);

/** A decimal string formatted exactly (ECMA-402 formats strings without a float; TypeScript's types say numbers only). */
const exactly = (decimal: string) => decimal as unknown as number;

/** "12,75 $" in de, "$12.75" in en: the fiat the payer paid, in its own decimals. */
export function formatFiatFor(locale: Locale, minor: bigint, currency: string): string {
  const decimals = CURRENCIES[currency]?.decimals ?? 2;
  return numberFormat(locale, { style: "currency", currency }).format(exactly(formatScaled(minor, decimals, decimals)));
}

/** "12,50 USDC" in de: at least two decimals, at most USDC's six. */
export function formatUsdcFor(locale: Locale, micro: bigint): string {
  return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(exactly(formatUsdc(micro)))} USDC`;
}

/** The date and time in UTC, as the locale writes them ("28. November 2026 um 14:19:22 UTC"). */
export function formatWhenFor(locale: Locale, at: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(at);
}

export async function receiptMail(f: ReceiptFacts): Promise<Mail> {
  const t = await translator(f.locale, "Receipt");
  const lines: string[] = [t("intro", { merchant: f.merchant }), ""];
  if (f.sandbox) lines.push(t("testNote"), "");
  if (f.title) lines.push(t("title", { title: f.title }));
  for (const p of f.payments) {
    const platform = PLATFORM_LABELS[p.platform as keyof typeof PLATFORM_LABELS] ?? p.platform;
    lines.push(t("paid", { platform, amount: formatFiatFor(f.locale, p.fiatAmountMinor, p.fiatCurrency) }));
  }
  if (!f.fiatPriced) lines.push(t("amount", { amount: formatUsdcFor(f.locale, f.amountMicro) }));
  lines.push(t("date", { date: formatWhenFor(f.locale, f.paidAt) }), t("reference", { reference: f.sessionId }));
  // the release on-chain, where the payer can check it: a live payment in USDC terms only
  const links =
    f.sandbox || f.fiatPriced ? [] : f.payments.flatMap((p) => (p.releaseTx ? [explorerUrl(f.chainId, "tx", p.releaseTx)] : []));
  const urls = links.filter((u): u is string => u !== null);
  if (urls.length) lines.push("", t("transactions", { count: urls.length }), ...urls);
  lines.push("", "—", t("footer", { merchant: f.merchant }));
  return { to: f.to, subject: t(f.sandbox ? "subjectTest" : "subject"), text: lines.join("\n") };
}
