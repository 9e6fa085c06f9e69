import type { ReactNode } from "react";
import { PayerMessages } from "@/components/checkout/checkout-page";

// The checkout's segment in the payer's language: its page, its error page and not-found page.
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return <PayerMessages>{children}</PayerMessages>;
}
