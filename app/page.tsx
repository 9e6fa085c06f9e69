import type { Metadata } from "next";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { CheckoutForLink } from "@/components/checkout/checkout-page";

type Params = { order?: string | string[]; token?: string | string[]; method?: string | string[]; embed?: string | string[] };

export async function generateMetadata({ searchParams }: { searchParams: Promise<Params> }): Promise<Metadata> {
  const { order } = await searchParams;
  return order === undefined
    ? {}
    : { title: (await translator(await payerLocale(), "Checkout"))("title"), robots: { index: false, follow: false } };
}

// `/?order=<id>&token=<token>` is a v1 order's checkout link (the same page as /checkout);
// without `order` this is the service's home page
export default async function Home({ searchParams }: { searchParams: Promise<Params> }) {
  const { order, token, method, embed } = await searchParams;
  if (order !== undefined) return <CheckoutForLink id={order} token={token} method={method} embed={embed} />;
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold">Merchant checkout</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        Accept USDC from payers who pay in fiat with Venmo, Revolut, Wise and more. Create a merchant with{" "}
        <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">POST /api/merchants</code>, then a checkout session with{" "}
        <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">POST /api/checkout/sessions</code>.
      </p>
      <p className="mt-4">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- /api/health is a JSON route handler, not a page: a plain request, not client navigation */}
        <a className="text-blue-700 underline dark:text-blue-300" href="/api/health">
          Service health
        </a>
      </p>
    </main>
  );
}
