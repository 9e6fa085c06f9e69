import type { Metadata } from "next";
import { CancelPayoutChangeButton } from "@/components/dashboard/cancel-payout-change";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { heldChangeByToken, holdText } from "@/lib/accounts/payout-holds";
import { exactTime } from "@/lib/dashboard/format";

export const metadata: Metadata = { title: "A held payout change", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * The page of the link mailed to each earlier owner when a new owner's payout change is held
 * (lib/accounts/payout-holds.ts): what the change is and when it applies, and a button that cancels it.
 */
export default async function PayoutChangePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const t = typeof token === "string" ? token : "";
  const held = await heldChangeByToken(await getDb(), t);
  if (held.state === "gone") {
    return (
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">This link no longer works</h1>
        <p className="mt-3">
          The change it was for no longer waits: it was already cancelled, it has been applied, or the new owner who asked for it is no
          longer an owner. The account&apos;s audit trail says which.
        </p>
      </div>
    );
  }
  const c = held.change;
  return (
    <div className={ui.card}>
      <h1 className="text-xl font-semibold">A new owner&apos;s payout change is waiting</h1>
      <p className="mt-3">
        {c.requestedBy}, an owner of <strong>{held.account}</strong> for less than {holdText()}, asked to{" "}
        {c.kind === "wallet" ? "make " : "allow payouts to "}
        <code className="break-all font-mono">{c.address}</code>
        {c.kind === "wallet" ? " the payout wallet" : c.label ? ` ("${c.label}")` : ""}.
      </p>
      <p className="mt-2">
        It applies at <time dateTime={c.appliesAt}>{exactTime(c.appliesAt, "en-GB", "UTC")}</time> unless an earlier owner cancels it. This
        link was mailed to {held.for}.
      </p>
      <p className={`mt-2 text-sm ${ui.muted}`}>
        If you did not expect it, cancel it, then remove {c.requestedBy} from the team and change your password.
      </p>
      <CancelPayoutChangeButton token={t} />
    </div>
  );
}
