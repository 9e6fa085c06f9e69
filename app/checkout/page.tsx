import type { Metadata } from "next";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { CheckoutForLink } from "@/components/checkout/checkout-page";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await translator(await payerLocale(), "Checkout"))("title"), robots: { index: false, follow: false } };
}

type Params = { session?: string | string[]; token?: string | string[]; method?: string | string[]; embed?: string | string[] };

export default async function CheckoutPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { session, token, method, embed } = await searchParams;
  return <CheckoutForLink id={session} token={token} method={method} embed={embed} />;
}
