import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { payerLocale } from "@/lib/i18n/payer";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Checkout", template: "%s · Checkout" },
  description: "Accept USDC, paid in fiat through the payer's own payment app.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page is rendered per request: its scripts carry that request's CSP nonce (proxy.ts)
  await connection();
  return (
    // the payer's pages speak the payer's language (lib/i18n/payer.ts); every other page English
    <html lang={await payerLocale()}>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">{children}</body>
    </html>
  );
}
