"use client";

import { useState, useTransition } from "react";
import { updatePayoutWallet } from "@/actions/dashboard/wallet";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useReauth } from "./reauth";

/** Where v1 orders pay out when they name no destinationAddress. */
export function PayoutWalletForm({ wallet }: { wallet: string | null }) {
  const [pending, start] = useTransition();
  const [value, setValue] = useState(wallet ?? "");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // a new payout wallet asks the person to confirm it is them first (null: they cancelled)
  const guard = useReauth();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const r = await guard(() => updatePayoutWallet(value));
          if (!r) return;
          if (r.ok) setValue(r.evmWalletAddress ?? "");
          setMessage(r.ok ? { ok: true, text: r.evmWalletAddress ? "Saved." : "Removed." } : { ok: false, text: r.message });
        });
      }}
    >
      <label htmlFor="evmWalletAddress" className={ui.label}>
        Payout wallet (EVM address)
      </label>
      <input
        id="evmWalletAddress"
        name="evmWalletAddress"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="0x…"
        spellCheck={false}
        autoComplete="off"
        aria-describedby="evmWalletAddress-help"
        aria-invalid={message?.ok === false || undefined}
        className={`${ui.input} font-mono`}
      />
      <p id="evmWalletAddress-help" className={`mt-1 text-sm ${ui.muted}`}>
        v1 orders (POST /api/v1/orders) that name no destinationAddress pay out here. Leave empty to require one on every order. A new
        payout wallet is added to the allowed payout addresses below.
      </p>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        Save payout wallet
      </button>
      <FormMessage message={message} />
    </form>
  );
}
