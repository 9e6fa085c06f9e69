import { type PageLocale, translator } from "@/lib/i18n";
import type { PaymentPlatform } from "@/lib/rail";

/** A link that opens the platform's app or site at the payee with the amount, where it has one. */
export function paymentLink(platform: PaymentPlatform, handle: string, amount: string): string | null {
  const bare = handle.replace(/^[@$]/, "");
  switch (platform) {
    case "venmo":
      return `https://venmo.com/${encodeURIComponent(bare)}?txn=pay&amount=${amount}`;
    case "cashapp":
      return `https://cash.app/$${encodeURIComponent(bare)}/${amount}`;
    case "revolut":
      return `https://revolut.me/${encodeURIComponent(bare)}`;
    case "monzo":
      return `https://${handle.replace(/^https?:\/\//, "")}/${amount}`;
    default:
      return null;
  }
}

/** What the payer must (not) write in the payment's note, so the payment can be matched: in the payer's language. */
export async function paymentNote(locale: PageLocale, platform: PaymentPlatform, orderId: string): Promise<string> {
  const reference = orderId.slice(-8).toUpperCase();
  const t = await translator(locale, "Pay");
  switch (platform) {
    case "venmo":
    case "cashapp":
    case "paypal":
      return t("notePersonal", { reference });
    case "zelle":
    case "chime":
      return t("noteMemo", { reference });
    default:
      return t("noteReference", { reference });
  }
}
