import { ui } from "@/components/ui/styles";
import type { CheckoutView } from "@/lib/checkout/service";
import { secondary } from "./shared";

/** The session is over without a payment (expired or cancelled). */
export function Ended({ title, text, view, back }: { title: string; text: string; view: CheckoutView; back?: string | null }) {
  return (
    <div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className={`mt-2 ${ui.muted}`}>{text}</p>
      {back && (
        <a href={back} className={`${secondary} mt-4`}>
          Back to {view.merchant.displayName}
        </a>
      )}
    </div>
  );
}
