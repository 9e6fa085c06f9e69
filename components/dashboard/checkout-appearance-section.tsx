import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import type { MerchantActor } from "@/lib/core/actor";
import { getCheckoutAppearance } from "@/lib/merchants/service";
import { CheckoutAppearanceForm } from "./checkout-appearance";

/** Settings → Checkout appearance: the theme and branding of the payer's page, with a live preview. */
export async function CheckoutAppearanceSection({ actor, name, logoUrl }: { actor: MerchantActor; name: string; logoUrl: string | null }) {
  const { checkoutTheme, disableBranding } = await getCheckoutAppearance(await getDb(), { actor });
  return (
    <section className={ui.card} aria-labelledby="appearance">
      <h2 id="appearance" className="font-semibold">
        Checkout appearance
      </h2>
      <CheckoutAppearanceForm name={name} logoUrl={logoUrl} theme={checkoutTheme} disableBranding={disableBranding} />
    </section>
  );
}
