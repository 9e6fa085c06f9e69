import { CHAINS } from "@/lib/chains";
export { explorerUrl } from "@/lib/merchants/explorer-urls";

// How the dashboard states times, chains, tokens, addresses and money. Pure: no React, no clock of
// its own (the caller passes "now"), no locale of its own (the caller passes one).

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "3 minutes ago", "in 5 minutes", "2 days ago": `at` relative to `now`. */
export function relativeTime(at: Date | string, now: Date, locale = "en-US"): string {
  const seconds = Math.round((new Date(at).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "always", style: "long" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(seconds < 0 ? -1 : 1, "minute");
}

/** "24 Nov 2026, 07:48:11 UTC": the exact time in `timeZone` (the browser's own when left out). */
export function exactTime(at: Date | string, locale = "en-GB", timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "long",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at));
}

/** "Base", "Base Sepolia", or "Chain 10" for one not known. */
export { chainName } from "@/lib/chains";

/** "USDC" for the chain's USDC, else the shortened address. */
export function tokenName(chainId: number | null | undefined, token: string): string {
  const usdc = chainId == null ? undefined : CHAINS[chainId]?.usdc;
  return usdc && usdc.toLowerCase() === token.toLowerCase() ? "USDC" : shortHex(token);
}

/** "0x1234…abcd" for an address or a hash; short values as they are. */
export function shortHex(value: string, head = 6, tail = 4): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/**
 * "1,234.50 USDC": a decimal string in the locale's grouping and decimal sign, digits kept exactly
 * (at least two decimals); never through a float. A value that is not a decimal is returned as is.
 */
export function formatUsdc(amount: string, locale = "en-US"): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return `${amount} USDC`;
  const [, sign, int, frac = ""] = m;
  const nf = new Intl.NumberFormat(locale, { useGrouping: true });
  const whole = nf.format(BigInt(int!));
  const decimal = nf.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  // the fraction's digits one by one in the locale's numerals (Arabic-Indic in ar-EG), as the whole part is
  const fraction = frac
    .padEnd(2, "0")
    .split("")
    .map((d) => nf.format(Number(d)))
    .join("");
  return `${sign}${whole}${decimal}${fraction} USDC`;
}

/** "Completed" for COMPLETED, "Pending" for PENDING. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split("_")
    .join(" ")
    .replace(/^./, (c) => c.toUpperCase());
}

// the answers a webhook endpoint commonly gives; others read by their class
const HTTP_REASONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
const HTTP_CLASSES: Record<number, string> = { 1: "Informational", 2: "Success", 3: "Redirect", 4: "Client error", 5: "Server error" };

/** "503 Service Unavailable", "299 Success": an HTTP status code with words a reader knows. */
export function httpStatusText(code: number): string {
  const reason = HTTP_REASONS[code] ?? HTTP_CLASSES[Math.floor(code / 100)];
  return reason ? `${code} ${reason}` : String(code);
}
