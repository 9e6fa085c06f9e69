"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { switchAccountAction } from "@/actions/dashboard/account";

/** Which of the person's merchant accounts the dashboard shows (a sandbox and a live one, say). */
export function AccountSwitcher({
  current,
  accounts,
}: {
  current: string;
  accounts: { merchantId: string; name: string; environment: string }[];
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <div>
      <label htmlFor="account-switcher" className="sr-only">
        Merchant account
      </label>
      <select
        id="account-switcher"
        value={current}
        disabled={pending}
        className="max-w-56 rounded-lg border border-slate-300 bg-white px-2 py-1 font-semibold dark:border-slate-600 dark:bg-slate-950"
        onChange={async (e) => {
          if (e.target.value === "__add") return router.push("/dashboard/welcome");
          setPending(true);
          const r = await switchAccountAction(e.target.value).catch(() => null);
          setPending(false);
          if (r?.ok) router.push("/dashboard");
          router.refresh();
        }}
      >
        {accounts.map((a) => (
          <option key={a.merchantId} value={a.merchantId}>
            {a.name}
            {a.environment === "sandbox" ? " (sandbox)" : ""}
          </option>
        ))}
        <option value="__add">Add a merchant account…</option>
      </select>
    </div>
  );
}
