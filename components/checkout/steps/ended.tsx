import { ui } from "@/components/ui/styles";
import type { CheckoutView } from "@/lib/checkout/service";
import { useEmbedded } from "../embed";
import { secondary } from "./shared";

/** The session is over without a payment (expired or cancelled). */
function Ended({ title, text, view, back: link }: { title: string; text: string; view: CheckoutView; back?: string | null }) {
  // embedded, the shop's page around the frame is the way back
  const back = useEmbedded() ? null : link;
  return (
    <div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className={`mt-2 ${ui.muted}`}>{text}</p>
      {back && (
        <a href={back} className={`${secondary} mt-4`}>
          Back to {view.merchant.displayName}
        </a>
      )}
    </div>
  );
}

/** The time to pay ran out; a part of a v1 order paid before it did is said. */
export function Expired({ view }: { view: CheckoutView }) {
  const paid = view.session.endedPaidUsdc;
  return (
    <Ended
      title="This checkout has expired"
      text={
        paid
          ? `The time to pay has run out. ${paid} USDC of this order was paid before it did; the rest was not charged.`
          : "The time to pay has run out. Go back to the shop to start a new checkout."
      }
      view={view}
    />
  );
}

/** The session was cancelled; a part of a v1 order paid before it was is said. */
export function Cancelled({ view }: { view: CheckoutView }) {
  const paid = view.session.endedPaidUsdc;
  return (
    <Ended
      title="Checkout cancelled"
      text={paid ? `${paid} USDC of this order was paid before it was cancelled; the rest was not charged.` : "Nothing was charged."}
      view={view}
      back={view.session.cancelUrl}
    />
  );
}

/**
 * Nothing the payer could choose can take this payment (every payment app for its currency is above
 * the shop's fee limit): nothing was charged, and the way back to the shop when the shop gave one.
 */
export function NoPlatform({ view }: { view: CheckoutView }) {
  const back = useEmbedded() ? null : view.session.cancelUrl;
  return (
    <div>
      <h2 className="text-lg font-semibold">This payment can&rsquo;t be made here right now</h2>
      <p className={`mt-2 ${ui.muted}`}>
        {view.noOptionsReason ?? "None of the payment apps available for this checkout can take it at the moment."} Nothing was charged.{" "}
        {back
          ? `You can go back to ${view.merchant.displayName} and choose another way to pay.`
          : `Go back to the shop to choose another way to pay.`}
      </p>
      {back && (
        <a href={back} className={`${secondary} mt-4`}>
          Back to {view.merchant.displayName}
        </a>
      )}
    </div>
  );
}
