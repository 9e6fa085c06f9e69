"use server";

import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { setPayoutWallet } from "@/lib/merchants/wallet";
import { evmAddress } from "@/lib/validation";

// an empty field removes the wallet
const walletInput = z.object({
  evmWalletAddress: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
    evmAddress.nullable(),
  ),
});

/** Settings: the payout wallet of v1 orders that name no destinationAddress. */
export const updatePayoutWallet: (evmWalletAddress: string) => Promise<{ ok: true; evmWalletAddress: string | null } | ActionFailure> =
  action(
    {
      name: "dashboard.payout-wallet",
      input: walletInput,
      from: (evmWalletAddress: string) => ({ evmWalletAddress }),
      actor: "merchant",
      role: "owner",
    },
    async ({ db, input, actor }) => {
      await setPayoutWallet(db, input.evmWalletAddress, { actor });
      return { ok: true as const, evmWalletAddress: input.evmWalletAddress };
    },
  );
