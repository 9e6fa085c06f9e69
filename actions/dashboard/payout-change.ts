"use server";

import { z } from "zod";
import { cancelHeldChange } from "@/lib/accounts/payout-holds";
import { type ActionFailure, action } from "@/lib/http/action";
import { RATE_RULES } from "@/lib/limits/rate-limit";

// The link mailed to each earlier owner when a new owner's payout change is held: it cancels the
// change, once. Nobody need be signed in (the link is signed for its owner, lib/accounts/payout-holds.ts);
// the page asks for a press of its button, so a mail scanner that opens links cancels nothing.

export const cancelPayoutChangeAction: (
  token: string,
) => Promise<{ ok: true; kind: "wallet" | "address"; address: string } | ActionFailure> = action(
  {
    name: "payout-change.cancel",
    input: z.strictObject({ token: z.string().min(1).max(300) }),
    from: (token: string) => ({ token }),
    actor: "public",
    rateLimit: RATE_RULES.failedAuthIp,
  },
  async ({ db, input, ip }) => {
    const { kind, address } = await cancelHeldChange(db, input.token, ip);
    return { ok: true as const, kind, address };
  },
);
