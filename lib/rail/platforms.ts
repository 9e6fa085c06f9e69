// Payment platforms and the fiat currencies each accepts (sandbox defaults; docs/contract.md lists them).

export const PLATFORM_CURRENCIES = {
  venmo: ["USD"],
  cashapp: ["USD"],
  chime: ["USD"],
  zelle: ["USD"],
  paypal: ["USD", "EUR", "GBP", "CAD", "AUD"],
  revolut: ["USD", "EUR", "GBP", "CHF", "AUD", "CAD", "SGD", "NZD", "PLN", "SEK"],
  wise: ["USD", "EUR", "GBP", "AUD", "CAD", "SGD", "NZD", "CHF", "JPY", "MXN"],
  monzo: ["GBP"],
  n26: ["EUR"],
} as const satisfies Record<string, readonly string[]>;

export type PaymentPlatform = keyof typeof PLATFORM_CURRENCIES;
export const PAYMENT_PLATFORMS = Object.keys(PLATFORM_CURRENCIES) as PaymentPlatform[];

export const PLATFORM_LABELS: Record<PaymentPlatform, string> = {
  venmo: "Venmo",
  cashapp: "Cash App",
  chime: "Chime",
  zelle: "Zelle",
  paypal: "PayPal",
  revolut: "Revolut",
  wise: "Wise",
  monzo: "Monzo",
  n26: "N26",
};

/** Minor-unit digits and display symbol of each fiat currency. */
export const CURRENCIES: Record<string, { decimals: number; symbol: string }> = {
  USD: { decimals: 2, symbol: "$" },
  EUR: { decimals: 2, symbol: "€" },
  GBP: { decimals: 2, symbol: "£" },
  CAD: { decimals: 2, symbol: "CA$" },
  AUD: { decimals: 2, symbol: "A$" },
  CHF: { decimals: 2, symbol: "CHF " },
  SGD: { decimals: 2, symbol: "S$" },
  NZD: { decimals: 2, symbol: "NZ$" },
  PLN: { decimals: 2, symbol: "zł " },
  SEK: { decimals: 2, symbol: "kr " },
  JPY: { decimals: 0, symbol: "¥" },
  MXN: { decimals: 2, symbol: "MX$" },
};

export function isPlatform(value: string): value is PaymentPlatform {
  return Object.hasOwn(PLATFORM_CURRENCIES, value);
}

export function platformAccepts(platform: PaymentPlatform, currency: string): boolean {
  return (PLATFORM_CURRENCIES[platform] as readonly string[]).includes(currency);
}
