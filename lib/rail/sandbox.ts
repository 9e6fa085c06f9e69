import { keccak256, toHex } from "viem";
import { divCeil, microForFiat, parseScaled, RATE_DECIMALS } from "@/lib/core/money";
import { CURRENCIES, PAYMENT_PLATFORMS, type PaymentPlatform } from "./platforms";
import type { FiatQuote, PaymentRail, ProofOutcome, Quote, IntentOpening } from "./rail";

/** Fiat per USDC, 8 decimals. Overridable with SANDBOX_RATES ("EUR=0.92,GBP=0.79"). */
export const DEFAULT_RATES: Record<string, string> = {
  USD: "1.00",
  EUR: "0.92",
  GBP: "0.79",
  CAD: "1.37",
  AUD: "1.52",
  CHF: "0.88",
  SGD: "1.34",
  NZD: "1.66",
  PLN: "3.98",
  SEK: "10.45",
  JPY: "149.50",
  MXN: "17.10",
};

/** Each platform's spread over the mid rate, in basis points: what makes platforms differ in price. */
export const PLATFORM_SPREAD_BPS: Record<PaymentPlatform, bigint> = {
  venmo: 100n,
  cashapp: 80n,
  chime: 60n,
  zelle: 50n,
  paypal: 150n,
  revolut: 40n,
  wise: 30n,
  monzo: 50n,
  n26: 50n,
};

const RATE_SCALE = RATE_DECIMALS;

export function parseRateTable(text: string | undefined): Record<string, bigint> {
  const table: Record<string, bigint> = {};
  for (const [c, r] of Object.entries(DEFAULT_RATES)) table[c] = parseScaled(r, RATE_SCALE);
  for (const pair of (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [currency, rate] = pair.split("=").map((s) => s?.trim() ?? "");
    if (!currency || !CURRENCIES[currency] || !rate) throw new Error(`SANDBOX_RATES: "${pair}" is not CURRENCY=rate for a known currency`);
    table[currency] = parseScaled(rate, RATE_SCALE);
    if (table[currency] === 0n) throw new Error(`SANDBOX_RATES: rate for ${currency} must be positive`);
  }
  return table;
}

const hash = (label: string) => keccak256(toHex(label));

export class SandboxRail implements PaymentRail {
  readonly name = "sandbox";
  readonly platforms = PAYMENT_PLATFORMS;
  readonly destinations = null;
  constructor(private readonly rates: Record<string, bigint>) {}

  /** The mid rate and the platform's rate (spread added, rounded up so the quote never shorts the merchant), 8 decimals. */
  private rates8(platform: PaymentPlatform, fiatCurrency: string) {
    const mid = this.rates[fiatCurrency];
    const currency = CURRENCIES[fiatCurrency];
    if (!mid || !currency) throw new Error(`no sandbox rate for ${fiatCurrency}`);
    return { mid, rate: divCeil(mid * (10_000n + PLATFORM_SPREAD_BPS[platform]), 10_000n), decimals: currency.decimals };
  }

  async quote(input: { platform: PaymentPlatform; fiatCurrency: string; amountMicro: bigint }): Promise<Quote> {
    return this.quoteNow(input);
  }

  /** The sandbox's quote, at once: sandbox pages price every platform and currency from it. */
  quoteNow({ platform, fiatCurrency, amountMicro }: { platform: PaymentPlatform; fiatCurrency: string; amountMicro: bigint }): Quote {
    const { rate, decimals } = this.rates8(platform, fiatCurrency);
    const currency = { decimals };
    // micro-USDC (6) × rate (8) = 14 decimals; to the currency's minor unit, rounded up
    const fiatAmountMinor = divCeil(amountMicro * rate, 10n ** BigInt(6 + RATE_SCALE - currency.decimals));
    return {
      fiatCurrency,
      fiatAmountMinor,
      tokenAmountMicro: amountMicro,
      conversionRate: formatRate(rate),
      payeeHandle: SANDBOX_PAYEES[platform],
    };
  }

  async quoteFiat({
    platform,
    fiatCurrency,
    fiatAmountMinor,
  }: {
    platform: PaymentPlatform;
    fiatCurrency: string;
    fiatAmountMinor: bigint;
  }): Promise<FiatQuote> {
    const { mid, rate, decimals } = this.rates8(platform, fiatCurrency);
    return {
      fiatCurrency,
      fiatAmountMinor,
      tokenAmountMicro: microForFiat(fiatAmountMinor, rate, decimals),
      grossAmountMicro: microForFiat(fiatAmountMinor, mid, decimals),
      conversionRate: formatRate(rate),
      rate,
      spreadBps: parseInt(PLATFORM_SPREAD_BPS[platform].toString(), 10), // a small integer: exact
      payeeHandle: SANDBOX_PAYEES[platform],
    };
  }

  async openIntent({ orderId }: { orderId: string }): Promise<IntentOpening> {
    return { state: "done", intentHash: hash(`sandbox:intent:${orderId}`), signalTx: hash(`sandbox:signal:${orderId}`) };
  }

  async verifyProof({ orderId, proof }: { orderId: string; proof: unknown }): Promise<ProofOutcome> {
    const p = proof as { sandbox?: unknown; outcome?: unknown } | null;
    if (!p || typeof p !== "object" || p.sandbox !== true) {
      return {
        ok: false,
        code: "PROOF_INVALID",
        message: 'The sandbox rail accepts proofs of the form { "sandbox": true, "outcome": "success" }',
      };
    }
    switch (p.outcome ?? "success") {
      case "success":
        return { ok: true, state: "released", txHash: hash(`sandbox:fulfill:${orderId}`) };
      case "invalid":
        return { ok: false, code: "PROOF_INVALID", message: "The payment proof could not be verified" };
      case "expired":
        return { ok: false, code: "PROOF_EXPIRED", message: "The payment proof has expired; submit a fresh one" };
      case "reverted":
        return { ok: false, code: "FULFILL_REVERTED", message: "The fulfilment transaction reverted; the order has failed" };
      default:
        return {
          ok: false,
          code: "PROOF_INVALID",
          message:
            'outcome must be one of "success", "invalid", "expired", "reverted", or an exception\'s: "unproven", "blocked", "late", "partial", "cancelled-paid"',
        };
    }
  }
}

function formatRate(rate8: bigint): string {
  const whole = rate8 / 10n ** 8n;
  let frac = (rate8 % 10n ** 8n).toString().padStart(8, "0").replace(/0+$/, "");
  if (frac.length < 2) frac = frac.padEnd(2, "0");
  return `${whole}.${frac}`;
}

/** Payee handles of the sandbox: obviously not real, but shaped like each platform's. */
export const SANDBOX_PAYEES: Record<PaymentPlatform, string> = {
  venmo: "@zkp2p-sandbox",
  cashapp: "$zkp2psandbox",
  chime: "$zkp2p-sandbox",
  zelle: "sandbox-payee@example.com",
  paypal: "sandbox-payee@example.com",
  revolut: "@sandboxpayee",
  wise: "@sandboxpayee",
  monzo: "monzo.me/sandboxpayee",
  n26: "DE89 3704 0044 0532 0130 00",
};
