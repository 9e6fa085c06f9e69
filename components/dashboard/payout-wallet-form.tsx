"use client";

import { useState } from "react";
import { updatePayoutWallet } from "@/actions/dashboard/wallet";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { exactTime } from "@/lib/dashboard/format";
import { useReauth } from "./reauth";

/** Where v1 orders pay out when they name no destinationAddress. */
export function PayoutWalletForm({ wallet }: { wallet: string | null }) {
  const { notice, pending, run } = useAction();
  const [value, setValue] = useState(wallet ?? "");
  // a new payout wallet asks the person to confirm it is them first (null: they cancelled)
  const guard = useReauth();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () => guard(() => updatePayoutWallet(value)),
          // a new owner's new wallet waits (lib/accounts/payout-holds.ts): the wallet stays as it was until then
          (r) => setValue(r.held ? (wallet ?? "") : (r.evmWalletAddress ?? "")),
          (r) =>
            r.held
              ? `Held: ${r.held.address} becomes the payout wallet at ${exactTime(r.held.appliesAt)} unless an earlier owner cancels it.`
              : r.evmWalletAddress
                ? "Saved."
                : "Removed.",
        );
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
        aria-invalid={notice?.ok === false || undefined}
        className={`${ui.input} font-mono`}
      />
      <p id="evmWalletAddress-help" className={`mt-1 text-sm ${ui.muted}`}>
        v1 orders (POST /api/v1/orders) that name no destinationAddress pay out here. Leave empty to require one on every order. A new
        payout wallet is added to the allowed payout addresses below.
      </p>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        Save payout wallet
      </button>
      <FormMessage message={notice} />
    </form>
  );
}
