import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { ui } from "@/components/ui/styles";
import { SERVICE_NAME } from "@/lib/brand";
import type { CheckoutView } from "@/lib/checkout/service";

// What the payer's page shows around its steps that has no behaviour. The page renders it on the
// server and hands it to the client shell (checkout.tsx) as elements, so none of its code is in the
// payer's scripts. No hooks here: the dashboard's live preview renders the service's mark too.

export type CheckoutChrome = {
  /** the sandbox rail's notice, said first so no one takes a payment here for money: for the page, and compact in a frame */
  sandbox: { page: ReactNode; embedded: ReactNode } | null;
  /** under the steps; left out when embedded, where the shop's own page is the chrome */
  footer: ReactNode;
};

export function checkoutChrome(view: CheckoutView): CheckoutChrome {
  return {
    sandbox: view.sandbox ? { page: <SandboxBanner className="mb-4" />, embedded: <SandboxBanner compact className="mb-2" /> } : null,
    footer: (
      <>
        <p className={`mt-6 text-center text-sm ${ui.muted}`}>
          {view.session.price.mode === "exact-token" && "Payments are settled in USDC on-chain. "}Never share your banking password.
        </p>
        <BrandMark hidden={view.merchant.disableBranding} />
      </>
    ),
  };
}

/** The service's own mark at the foot of the page; none when the merchant turned branding off. */
export function BrandMark({ hidden }: { hidden: boolean }) {
  if (hidden) return null;
  return <p className={`mt-2 text-center text-xs ${ui.muted}`}>Secure checkout by {SERVICE_NAME}</p>;
}
