import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n";
import { type ReceiptFacts, receiptMail } from "./text";

const TX = `0x${"ab".repeat(32)}`;
const PAID_AT = new Date("2026-03-04T05:06:07.000Z");

const facts = (over: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  to: "payer@example.com",
  locale: "en",
  merchant: "Corner Bakery",
  title: "Birthday cake",
  sessionId: "sess_0123456789abcdef0123456789abcdef",
  paidAt: PAID_AT,
  sandbox: false,
  fiatPriced: false,
  amountMicro: 12_500_000n,
  payments: [{ platform: "venmo", fiatCurrency: "USD", fiatAmountMinor: 1275n, releaseTx: TX }],
  chainId: 8453,
  ...over,
});

const URL_PATTERN = /https?:\/\//g;

describe("the payer's receipt", () => {
  it("a live payment: the amounts, the merchant, the date, the reference, and the release's explorer page as its one link", async () => {
    const mail = await receiptMail(facts());
    expect(mail.to).toBe("payer@example.com");
    expect(mail.subject).toBe("Your payment receipt");
    expect(mail.text).toContain("Thank you for your payment to Corner Bakery.");
    expect(mail.text).toContain("For: Birthday cake");
    expect(mail.text).toContain("Paid with Venmo: $12.75");
    expect(mail.text).toContain("Amount: 12.50 USDC");
    expect(mail.text).toContain("Date: March 4, 2026 at 5:06:07 AM UTC");
    expect(mail.text).toContain("Reference: sess_0123456789abcdef0123456789abcdef");
    expect(mail.text).toContain(`Transaction:\nhttps://basescan.org/tx/${TX}`);
    expect(mail.text.match(URL_PATTERN)).toHaveLength(1);
    expect(mail.text).not.toMatch(/test payment/i);
  });

  it("in the payer's language: German numbers, currency and date", async () => {
    const mail = await receiptMail(facts({ locale: "de" }));
    expect(mail.subject).toBe("Ihr Zahlungsbeleg");
    expect(mail.text).toContain("Vielen Dank für Ihre Zahlung an Corner Bakery.");
    expect(mail.text).toContain("Bezahlt mit Venmo: 12,75\u00a0$");
    expect(mail.text).toContain("Betrag: 12,50 USDC");
    expect(mail.text).toContain("Datum: 4. März 2026 um 05:06:07 UTC");
    expect(mail.text).toContain(`Transaktion:\nhttps://basescan.org/tx/${TX}`);
  });

  it("names no merchant in the subject, whatever its name, in every language", async () => {
    for (const locale of LOCALES) {
      const mail = await receiptMail(facts({ locale, merchant: "PayPal: verify your account", sandbox: locale === "fr" }));
      expect(mail.subject, locale).not.toContain("PayPal");
      expect(mail.text, locale).toContain("PayPal: verify your account");
    }
  });

  it("a sandbox payment says it was a test and links nothing", async () => {
    const mail = await receiptMail(facts({ sandbox: true }));
    expect(mail.subject).toBe("Your test payment receipt");
    expect(mail.text).toContain("This was a test payment: no money moved.");
    expect(mail.text).not.toMatch(URL_PATTERN);
  });

  it("a fiat-priced payment states the payer's price only: no USDC, no chain, no transaction", async () => {
    const mail = await receiptMail(
      facts({ fiatPriced: true, payments: [{ platform: "revolut", fiatCurrency: "EUR", fiatAmountMinor: 2500n, releaseTx: TX }] }),
    );
    expect(mail.text).toContain("Paid with Revolut: €25.00");
    expect(mail.text).not.toContain("USDC");
    expect(mail.text).not.toMatch(URL_PATTERN);
  });

  it("links no release on a chain without a known explorer, and only a transaction hash", async () => {
    expect((await receiptMail(facts({ chainId: 10 }))).text).not.toMatch(URL_PATTERN);
    const odd = await receiptMail(
      facts({ payments: [{ platform: "venmo", fiatCurrency: "USD", fiatAmountMinor: 1275n, releaseTx: "javascript:x" }] }),
    );
    expect(odd.text).not.toMatch(URL_PATTERN);
    expect(odd.text).not.toContain("javascript");
  });
});
