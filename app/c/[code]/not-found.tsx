import { PageNotice } from "@/components/checkout/page-notice";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";

// A hand-off code that was never made (a typo), in the payer's language.
export default async function HandoffNotFound() {
  const t = await translator(await payerLocale(), "Handoff");
  return <PageNotice title={t("notFoundHeading")}>{t("notFoundText")}</PageNotice>;
}
