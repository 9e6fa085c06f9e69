import type { Metadata } from "next";
import Link from "next/link";
import { EmbeddingSection } from "@/components/dashboard/embedding-form";
import { ExplorerForm } from "@/components/dashboard/explorer-form";
import { CheckoutAppearanceSection } from "@/components/dashboard/checkout-appearance-section";
import { FeePayerForm } from "@/components/dashboard/fee-payer-form";
import { HeldPayoutChanges } from "@/components/dashboard/held-payout-changes";
import { PayerReceiptsForm } from "@/components/dashboard/payer-receipts-form";
import { PayoutAddresses } from "@/components/dashboard/payout-addresses";
import { PayoutWalletForm } from "@/components/dashboard/payout-wallet-form";
import { ProfileForm } from "@/components/dashboard/profile-form";
import { ReauthProvider } from "@/components/dashboard/reauth";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { holdText, listHeldChanges } from "@/lib/accounts/payout-holds";
import { reauthNeeds } from "@/lib/accounts/reauth";
import { roleOf } from "@/lib/accounts/roles";
import { REAUTH_TTL_MS } from "@/lib/auth/reauth";
import { requireMerchant } from "@/lib/auth/session";
import { getFrameAncestors } from "@/lib/embed/framing";
import { getExplorerUrls } from "@/lib/merchants/explorers";
import { getFeeSetting } from "@/lib/merchants/fees";
import { listPayoutAddresses } from "@/lib/merchants/payout-addresses";
import { getPayerReceipts } from "@/lib/merchants/receipts";
import { getMerchantOrThrow } from "@/lib/merchants/service";
import { getPayoutWallet } from "@/lib/merchants/wallet";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { merchantId, actor } = await requireMerchant("developer");
  const owner = roleOf(actor) === "owner";
  const db = await getDb();
  const merchant = await getMerchantOrThrow(db, merchantId, { actor });
  const frameOrigins = await getFrameAncestors(db, { actor });
  const wallet = await getPayoutWallet(db, { actor });
  const payoutAddresses = await listPayoutAddresses(db, merchantId);
  const heldChanges = await listHeldChanges(db, merchantId);
  const explorerUrls = await getExplorerUrls(db, { actor });
  const fees = await getFeeSetting(db, { actor });
  const payerReceipts = await getPayerReceipts(db, { actor });
  // a new payout address or wallet asks the signed-in person to confirm it is them (an unclaimed
  // account's key session is never asked)
  const needs = actor.person ? await reauthNeeds(db, actor.person.userId) : { code: false, passkey: false };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <section className={ui.card} aria-labelledby="profile">
        <h2 id="profile" className="font-semibold">
          Shown to payers
        </h2>
        {owner ? (
          <ProfileForm displayName={merchant.displayName} logoUrl={merchant.logoUrl} />
        ) : (
          <p className={`mt-2 ${ui.muted}`}>{merchant.displayName}. Only an owner can change the name and logo.</p>
        )}
      </section>
      <CheckoutAppearanceSection actor={actor} name={merchant.displayName} logoUrl={merchant.logoUrl} />
      <EmbeddingSection origins={frameOrigins} />
      <ReauthProvider needs={needs} minutes={REAUTH_TTL_MS / 60_000}>
        <section className={ui.card} aria-labelledby="payout">
          <h2 id="payout" className="font-semibold">
            Payouts
          </h2>
          {owner ? (
            <PayoutWalletForm wallet={wallet} />
          ) : (
            <p className={`mt-2 ${ui.muted}`}>
              {wallet ? <code className="break-all font-mono">{wallet}</code> : "No payout wallet set."} Only an owner can change where
              payouts go.
            </p>
          )}
        </section>
        <HeldPayoutChanges changes={heldChanges} hold={holdText()} />
        <section id="payout-addresses" className={ui.card} aria-labelledby="payout-addresses-heading">
          <h2 id="payout-addresses-heading" className="font-semibold">
            Allowed payout addresses
          </h2>
          <PayoutAddresses addresses={payoutAddresses} canEdit={owner} />
        </section>
      </ReauthProvider>
      <section className={ui.card} aria-labelledby="fees">
        <h2 id="fees" className="font-semibold">
          Fees
        </h2>
        {owner ? (
          <FeePayerForm terms={fees} />
        ) : (
          <p className={`mt-2 ${ui.muted}`}>
            {fees.feePayer === "PAYEE"
              ? "Payers pay the fees of live payments."
              : fees.feePayer === "SPLIT"
                ? `Payers pay ${(fees.buyerFeeShareBps ?? 0) / 100}% of the fees of live payments.`
                : "You pay the fees of live payments."}{" "}
            Only an owner can change who pays them.
          </p>
        )}
      </section>
      <section className={ui.card} aria-labelledby="receipts">
        <h2 id="receipts" className="font-semibold">
          Receipts
        </h2>
        {owner ? (
          <PayerReceiptsForm on={payerReceipts} />
        ) : (
          <p className={`mt-2 ${ui.muted}`}>
            {payerReceipts ? "Payers who give their email on a payment link get a receipt by mail." : "Payers get no receipt by mail."} Only
            an owner can change it.
          </p>
        )}
      </section>
      <section className={ui.card} aria-labelledby="explorers">
        <h2 id="explorers" className="font-semibold">
          Block explorers
        </h2>
        <p className={`mt-2 ${ui.muted}`}>Where the dashboard links transactions and addresses, per chain.</p>
        <ExplorerForm explorerUrls={explorerUrls} />
      </section>
      <section className={ui.card} aria-labelledby="key">
        <h2 id="key" className="font-semibold">
          API keys
        </h2>
        <p className="mt-2">
          Create, roll and revoke keys on{" "}
          <Link href="/dashboard/developers#keys" className="font-medium text-blue-700 underline dark:text-blue-300">
            Developers
          </Link>
          . Your handle, <code className="font-mono">{merchant.name}</code>, cannot change.
        </p>
      </section>
    </div>
  );
}
