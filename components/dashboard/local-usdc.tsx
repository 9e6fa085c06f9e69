"use client";

import { useSyncExternalStore } from "react";
import { formatUsdc } from "@/lib/dashboard/format";

// An amount of USDC in the reader's own locale (1.234,50 USDC in German, 12,34,567.50 USDC in
// Hindi). The server does not know the browser's language, so it renders en-US and the browser
// re-formats once hydrated (useSyncExternalStore's server snapshot keeps the two renders apart).
// The amount stays an exact decimal string throughout: formatUsdc formats the whole part as a
// bigint and copies the fraction's digits, never through a float.

const never = () => () => {};
const browserLocale = () => navigator.language;
const serverLocale = () => "en-US";

export function LocalUsdc({ amount }: { amount: string }) {
  const locale = useSyncExternalStore(never, browserLocale, serverLocale);
  return (
    <span className="tabular-nums" data-amount={amount}>
      {formatUsdc(amount, locale)}
    </span>
  );
}

/** What an order gives the merchant: "24.87 USDC net (gross 25.00 USDC)" for exact-fiat, else its USDC. */
export function OrderReceives({
  order: o,
}: {
  order: { amountUsdc: string; netAmountUsdc?: string | null; grossAmountUsdc?: string | null };
}) {
  if (!o.netAmountUsdc) return <LocalUsdc amount={o.amountUsdc} />;
  return (
    <>
      <LocalUsdc amount={o.netAmountUsdc} /> net
      {o.grossAmountUsdc && (
        <>
          {" "}
          (gross <LocalUsdc amount={o.grossAmountUsdc} />)
        </>
      )}
    </>
  );
}
