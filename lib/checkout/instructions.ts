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

/** What the payer must (not) write in the payment's note, so the payment can be matched. */
export function paymentNote(platform: PaymentPlatform, orderId: string): string {
  const reference = orderId.slice(-8).toUpperCase();
  switch (platform) {
    case "venmo":
    case "cashapp":
    case "paypal":
      return `Send as a personal payment (friends and family) and write ${reference} in the note.`;
    case "zelle":
    case "chime":
      return `Write ${reference} in the memo.`;
    default:
      return `Use ${reference} as the payment reference.`;
  }
}
