"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { addPayoutAddress, type HeldAnswer, MAX_LABEL, removePayoutAddress, setPayoutWallet } from "@/lib/accounts/payout-addresses";
import { type ActionFailure, action } from "@/lib/http/action";
import { evmAddress } from "@/lib/core/fields";
import type { SessionsPayingTo } from "@/lib/merchants/payout-addresses";

// Where the account's money goes: the payout wallet and the list of allowed payout addresses, owners
// only (checked here and again in lib/accounts), and a new address only after a recent
// re-authentication, so that a stolen session cannot send the money elsewhere. The services write their own audit records and mail
// every owner about each change of the list. A new owner's new wallet or address is held for
// NEW_OWNER_PAYOUT_HOLD (lib/accounts/payout-holds.ts): the answer's `held` says until when.

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

// an empty field removes the wallet
const walletInput = z.object({
  evmWalletAddress: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : trimmed(v)), evmAddress.nullable()),
});

/** Settings: the payout wallet of v1 orders that name no destinationAddress; it goes on the list of allowed payout addresses. */
export const updatePayoutWallet: (
  evmWalletAddress: string,
) => Promise<{ ok: true; evmWalletAddress: string | null; held?: HeldAnswer } | ActionFailure> = action(
  {
    name: "dashboard.payout-wallet",
    input: walletInput,
    from: (evmWalletAddress: string) => ({ evmWalletAddress }),
    actor: "merchant",
    role: "owner",
    audit: false,
    reauth: true,
  },
  async ({ db, input, actor }) => {
    const { held } = await setPayoutWallet(db, { actor, merchantId: actor.merchantId }, input.evmWalletAddress);
    revalidatePath("/dashboard/settings");
    return held
      ? { ok: true as const, evmWalletAddress: input.evmWalletAddress, held }
      : { ok: true as const, evmWalletAddress: input.evmWalletAddress };
  },
);

/** Settings: an owner allows payouts to one more address. */
export const addPayoutAddressAction: (input: {
  address: string;
  label?: string;
}) => Promise<{ ok: true; held?: HeldAnswer } | ActionFailure> = action(
  {
    name: "dashboard.payout-address.add",
    input: z.strictObject({
      address: z.preprocess(trimmed, evmAddress),
      label: z.preprocess(trimmed, z.string().max(MAX_LABEL, `At most ${MAX_LABEL} characters`).optional()),
    }),
    actor: "merchant",
    role: "owner",
    audit: false,
    reauth: true,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input, actor }) => {
    const { held } = await addPayoutAddress(db, { actor, merchantId: actor.merchantId }, input);
    revalidatePath("/dashboard/settings");
    return held ? { ok: true as const, held } : { ok: true as const };
  },
);

/**
 * Settings: an owner takes an address off the list; answers how many payment links paid to it, and
 * the open sessions it stops (and those whose payment is already under way to it).
 */
export const removePayoutAddressAction: (
  address: string,
) => Promise<{ ok: true; links: number; sessions: SessionsPayingTo } | ActionFailure> = action(
  {
    name: "dashboard.payout-address.remove",
    input: z.strictObject({ address: z.string().trim().max(100) }),
    from: (address: string) => ({ address }),
    actor: "merchant",
    role: "owner",
    audit: false,
  },
  async ({ db, input, actor }) => {
    const { links, sessions } = await removePayoutAddress(db, { actor, merchantId: actor.merchantId }, input.address);
    revalidatePath("/dashboard/settings");
    return { ok: true as const, links, sessions };
  },
);
