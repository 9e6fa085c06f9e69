import { getRequestConfig } from "next-intl/server";
import { messagesFor } from "./index";
import { payerLocale } from "./payer";

// next-intl's configuration of a request (next.config.ts names this file): the payer page's locale
// (lib/i18n/payer.ts) and its catalogue, precompiled at build time (messages/*.json).
export default getRequestConfig(async () => {
  const locale = await payerLocale();
  // no date is formatted on the payer's side without saying its zone; UTC keeps server and browser alike
  return { locale, messages: await messagesFor(locale), timeZone: "UTC" };
});
