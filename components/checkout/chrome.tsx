import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { ui } from "@/components/ui/styles";
import { SERVICE_NAME } from "@/lib/brand";
import type { CheckoutView } from "@/lib/checkout/service";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { BrandMark } from "./brand-mark";
import { LanguageSwitch } from "./language-switch";

// What the payer's page shows around its steps that has no behaviour. The page renders it on the
// server and hands it to the client shell (checkout.tsx) as elements, so none of its code is in the
// payer's scripts. The service's mark is brand-mark.tsx: the dashboard's live preview renders it too.

export type CheckoutChrome = {
  /** the sandbox rail's notice, said first so no one takes a payment here for money: for the page, and compact in a frame */
  sandbox: { page: ReactNode; embedded: ReactNode } | null;
  /** under the steps; left out when embedded, where the shop's own page is the chrome */
  footer: ReactNode;
};

/** The words of the Checkout catalogue the chrome says. */
type ChromeWords = (
  key: "settledOnChain" | "neverShare" | "secureBy" | "sandboxWord" | "sandboxCompact" | "sandboxFull",
  values?: { service: string },
) => string;

/** The chrome in the payer's language (lib/i18n/payer.ts; `t`: the Checkout catalogue's translator, the request's by default). */
export async function checkoutChrome(view: CheckoutView, translate?: ChromeWords): Promise<CheckoutChrome> {
  const t = translate ?? (await translator(await payerLocale(), "Checkout"));
  const words = sandboxWords(t);
  return {
    sandbox: view.sandbox
      ? { page: <SandboxBanner className="mb-4" words={words} />, embedded: <SandboxBanner compact className="mb-2" words={words} /> }
      : null,
    footer: (
      <>
        <p className={`mt-6 text-center text-sm ${ui.muted}`}>
          {view.session.price.mode === "exact-token" && `${t("settledOnChain")} `}
          {t("neverShare")}
        </p>
        <BrandMark hidden={view.merchant.disableBranding} label={t("secureBy", { service: SERVICE_NAME })} />
        <LanguageSwitch />
      </>
    ),
  };
}

/** The sandbox notice's words in the payer's language. */
export function sandboxWords(t: ChromeWords) {
  return { title: t("sandboxWord"), compact: t("sandboxCompact"), full: t("sandboxFull") };
}
