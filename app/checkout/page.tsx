import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Checkout } from "@/components/checkout/checkout";
import { CheckoutUnavailable } from "@/components/checkout/unavailable";
import { getDb } from "@/db/client";
import { getCheckoutView } from "@/lib/checkout/service";
import { orNotFound } from "@/lib/http/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false } };

export default async function CheckoutPage({ searchParams }: { searchParams: Promise<{ session?: string | string[] }> }) {
  const { session } = await searchParams;
  if (typeof session !== "string") notFound();
  const view = await orNotFound(getCheckoutView(await getDb(), session));
  return view.step === "unavailable" ? <CheckoutUnavailable merchant={view.merchant} /> : <Checkout initial={view} />;
}
