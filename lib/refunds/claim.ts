import { z } from "zod";
import type { Db } from "@/db/client";
import type { SessionRow } from "@/db/schema";
import { SYSTEM } from "@/lib/core/actor";
import { AppError, notFound } from "@/lib/core/errors";
import { errorFields, logger } from "@/lib/core/logger";
import { NETWORKS } from "@/lib/core/config/zkp2p-networks";
import { sendMail } from "@/lib/mail";
import { liveRail } from "@/lib/rail";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { usdcFromMicro } from "@/lib/core/money";
import { checkPayoutAddress, claimRefund, claimUrlOf, claimView } from "./service";

// The payer's claim, as the claim page makes it: the link's refund, the address checked (not the zero
// address, a contract of the rail, USDC itself, one of the service's taker wallets or the shop's own
// address), the chain's head read before the claim's transaction (a live refund counts transfers from
// it on), then a confirmation mailed to the payer when the session has their email.

/** Addresses USDC must never be refunded to: the rail's contracts on every network, USDC, the service's own wallets. */
function refusedAddresses(): Map<string, string> {
  const refused = new Map<string, string>();
  const networks = [...Object.values(NETWORKS)];
  const rail = liveRail();
  if (rail) networks.push(rail.settings.network);
  for (const n of networks) {
    for (const a of Object.values(n.addresses)) refused.set(a.toLowerCase(), "is a contract of the payment rail, not a wallet");
    if (n.groupRegistry) refused.set(n.groupRegistry.toLowerCase(), "is a contract of the payment rail, not a wallet");
    refused.set(n.usdc.toLowerCase(), "is the USDC token's own contract: USDC sent there is lost");
  }
  for (const a of rail?.settings.takerKeys.addresses ?? []) refused.set(a.toLowerCase(), "is one of this service's own wallets");
  return refused;
}

const guard = (address: string) => refusedAddresses().get(address.toLowerCase()) ?? null;

const email = z.email().max(254);

/** Claims the refund a link names for `addressText`; a refusal names the field. */
export async function claimByLink(db: Db, token: string, addressText: string) {
  const view = await claimView(db, token);
  if (!view) throw notFound("Refund");
  const checked = checkPayoutAddress(addressText, view.session, guard);
  if ("problem" in checked)
    throw new AppError("VALIDATION_FAILED", `The address ${checked.problem}.`, { fields: { address: checked.problem } });
  const rail = view.refund.environment === "live" ? liveRail() : null;
  const headBlock = rail ? await new RailChain(rail.settings).head() : null;
  const row = await claimRefund(db, { refundId: view.refund.id, address: checked.address, headBlock }, { actor: SYSTEM });
  await mailClaim(view.session, row.payoutAddress!, row.amountMicro, view.refund.id);
  return row;
}

async function mailClaim(session: SessionRow, address: string, amountMicro: bigint, refundId: string) {
  const to = session.metadata?.email;
  if (!to || !email.safeParse(to).success) return;
  try {
    await sendMail({
      to,
      subject: `Your refund of ${usdcFromMicro(amountMicro)} USDC`,
      text:
        `We have your address for the refund of ${usdcFromMicro(amountMicro)} USDC:\n\n  ${address} (Base)\n\n` +
        `The shop sends it from its wallet; you can change the address until then:\n${claimUrlOf(refundId)}\n`,
    });
  } catch (err) {
    // the claim stands: the page has shown it; a mail that cannot go is logged
    logger.warn("a refund claim's confirmation could not be mailed", { refundId, ...errorFields(err) });
  }
}
