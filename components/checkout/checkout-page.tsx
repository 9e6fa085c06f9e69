import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getCheckoutView } from "@/lib/checkout/service";
import { orNotFound } from "@/lib/http/page";
import { Checkout } from "./checkout";
import { CheckoutUnavailable } from "./unavailable";

type Param = string | string[] | undefined;

/**
 * The payer's page for a link: `/checkout?session=<id>` (v0), or `/?order=<id>&token=<token>` (v1),
 * where `method=<rail>` preselects a payment app. Both render the same checkout.
 */
export async function CheckoutForLink({ id, token, method }: { id: Param; token?: Param; method?: Param }) {
  if (typeof id !== "string") notFound();
  const view = await orNotFound(getCheckoutView(await getDb(), id, typeof token === "string" ? token : undefined));
  if (view.step === "unavailable") return <CheckoutUnavailable merchant={view.merchant} />;
  // a preselected app counts only while the payer has chosen none and the app is on offer
  const offered = typeof method === "string" && view.options.some((c) => c.quotes.some((q) => q.platform === method));
  const initial =
    offered && view.session.savesChoice && !view.session.selectedPaymentPlatform
      ? { ...view, session: { ...view.session, selectedPaymentPlatform: method } }
      : view;
  return <Checkout initial={initial} />;
}
