import Link from "next/link";
import type { ReactNode } from "react";
import { ExplorerProvider } from "@/components/dashboard/explorer-context";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { getExplorerUrls } from "@/lib/merchants/explorers";
import { getMerchantOrThrow } from "@/lib/merchants/service";

export const dynamic = "force-dynamic";

const NAV = [
  ["/dashboard", "Overview"],
  ["/dashboard/sessions", "Sessions"],
  ["/dashboard/events", "Events"],
  ["/dashboard/webhooks", "Webhooks"],
  ["/dashboard/settings", "Settings"],
  ["/dashboard/developers", "Developers"],
] as const;

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { merchantId, actor } = await requireMerchant();
  const db = await getDb();
  const merchant = await getMerchantOrThrow(db, merchantId, { actor });
  const explorerUrls = await getExplorerUrls(db, { actor });
  return (
    <div className="min-h-screen">
      {merchant.environment === "sandbox" && (
        <div className="mx-auto max-w-5xl px-4 pt-3">
          <SandboxBanner />
        </div>
      )}
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">{merchant.displayName}</p>
          <nav aria-label="Dashboard">
            <ul className="flex flex-wrap gap-1">
              {NAV.map(([href, label]) => (
                <li key={href}>
                  <Link href={href} className="rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <SignOutButton />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">
        <ExplorerProvider urls={explorerUrls}>{children}</ExplorerProvider>
      </main>
    </div>
  );
}
