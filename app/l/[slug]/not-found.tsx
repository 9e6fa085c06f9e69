import { PageNotice } from "@/components/checkout/page-notice";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";

// A payment link that does not exist (or never did), in the payer's language.
export default async function PaymentLinkNotFound() {
  const t = await translator(await payerLocale(), "Link");
  return <PageNotice title={t("notFoundHeading")}>{t("notFoundText")}</PageNotice>;
}
