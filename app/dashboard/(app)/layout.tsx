import Link from "next/link";
import type { ReactNode } from "react";
import { ExplorerProvider } from "@/components/dashboard/explorer-context";
import { AccountSwitcher } from "@/components/dashboard/account-switcher";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { getDb } from "@/db/client";
import { atLeast, roleOf } from "@/lib/accounts/roles";
import { membershipsOf } from "@/lib/accounts/teams";
import { requireMerchant } from "@/lib/auth/session";
import { getExplorerUrls } from "@/lib/merchants/explorers";
import { getMerchantOrThrow } from "@/lib/merchants/service";
import { openExceptionCount } from "@/lib/exceptions/service";

export const dynamic = "force-dynamic";

// each page checks the role on the server too; the navigation only leaves out what a role cannot open
const NAV = [
  ["/dashboard", "Overview", "viewer"],
  ["/dashboard/sessions", "Sessions", "viewer"],
  ["/dashboard/exceptions", "Exceptions", "viewer"],
  ["/dashboard/links", "Payment links", "viewer"],
  ["/dashboard/events", "Events", "viewer"],
  ["/dashboard/webhooks", "Webhooks", "viewer"],
  ["/dashboard/settings", "Settings", "developer"],
  ["/dashboard/developers", "Developers", "developer"],
  ["/dashboard/team", "Team", "viewer"],
  ["/dashboard/audit", "Audit", "viewer"],
] as const;

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { merchantId, actor, person } = await requireMerchant();
  const db = await getDb();
  const merchant = await getMerchantOrThrow(db, merchantId, { actor });
  const explorerUrls = await getExplorerUrls(db, { actor });
  const accounts = person ? await membershipsOf(db, person.userId) : [];
  const role = roleOf(actor);
  // the sessions waiting for a person, on every page: the navigation's Exceptions says how many
  const openExceptions = await openExceptionCount(db, merchantId);
  return (
    <div className="min-h-screen">
      {merchant.environment === "sandbox" && (
        <div className="mx-auto max-w-5xl px-4 pt-3">
          <SandboxBanner />
        </div>
      )}
      {!person && (
        <div className="mx-auto max-w-5xl px-4 pt-3">
          <p
            role="note"
            className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            You signed in with an API key. Give this account owners of its own:{" "}
            <Link href="/dashboard/sign-up" className="font-medium underline">
              create your sign-in
            </Link>{" "}
            and claim the account with this key; then the key stays on your server and no longer opens the dashboard.
          </p>
        </div>
      )}
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          {person ? <AccountSwitcher current={merchantId} accounts={accounts} /> : <p className="font-semibold">{merchant.displayName}</p>}
          <nav aria-label="Dashboard">
            <ul className="flex flex-wrap gap-1">
              {NAV.filter(([, , needed]) => atLeast(role, needed)).map(([href, label]) => (
                <li key={href}>
                  <Link
                    href={href}
                    // the count is read with its meaning: "Exceptions, 2 open"
                    aria-label={href === "/dashboard/exceptions" && openExceptions > 0 ? `${label}, ${openExceptions} open` : undefined}
                    className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    {label}
                    {href === "/dashboard/exceptions" && openExceptions > 0 && (
                      <span className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white tabular-nums dark:bg-red-400 dark:text-slate-950">
                        {openExceptions}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            {person && (
              <Link
                href="/dashboard/account"
                className="rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                aria-label={`Your account (${person.email}, ${person.role})`}
              >
                Your account
              </Link>
            )}
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">
        <ExplorerProvider urls={explorerUrls}>{children}</ExplorerProvider>
      </main>
    </div>
  );
}
