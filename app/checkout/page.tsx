import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CheckoutForLink } from "@/components/checkout/checkout-page";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Checkout"))("title"), robots: { index: false, follow: false } };
}

type Params = { session?: string | string[]; token?: string | string[]; method?: string | string[]; embed?: string | string[] };

export default async function CheckoutPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { session, token, method, embed } = await searchParams;
  return <CheckoutForLink id={session} token={token} method={method} embed={embed} />;
}
