import { explorerUrl } from "@/lib/merchants/explorer-urls";
import { type Locale, translator } from "@/lib/i18n";
import { formatFiatAmount, formatUsdcAmount, formatWhen } from "@/lib/i18n/format";
import type { Mail } from "@/lib/mail";
import { formatScaled, usdcFromMicro } from "@/lib/core/money";
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

/** "12,75 $" in de, "$12.75" in en: the fiat the payer paid, in its own decimals. */
function formatFiatFor(locale: Locale, minor: bigint, currency: string): string {
  const decimals = CURRENCIES[currency]?.decimals ?? 2;
  return formatFiatAmount(locale, formatScaled(minor, decimals, decimals), currency);
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
  if (!f.fiatPriced) lines.push(t("amount", { amount: formatUsdcAmount(f.locale, usdcFromMicro(f.amountMicro)) }));
  lines.push(t("date", { date: formatWhen(f.locale, f.paidAt) }), t("reference", { reference: f.sessionId }));
  // the release on-chain, where the payer can check it: a live payment in USDC terms only
  const links =
    f.sandbox || f.fiatPriced ? [] : f.payments.flatMap((p) => (p.releaseTx ? [explorerUrl(f.chainId, "tx", p.releaseTx)] : []));
  const urls = links.filter((u): u is string => u !== null);
  if (urls.length) lines.push("", t("transactions", { count: urls.length }), ...urls);
  lines.push("", "—", t("footer", { merchant: f.merchant }));
  return { to: f.to, subject: t(f.sandbox ? "subjectTest" : "subject"), text: lines.join("\n") };
}
