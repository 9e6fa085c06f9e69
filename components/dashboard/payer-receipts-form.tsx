"use client";

import { useState } from "react";
import { updatePayerReceipts } from "@/actions/dashboard/receipt";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

/** Settings → Receipts: whether a payment link's payer who gave their email gets a receipt by mail. */
export function PayerReceiptsForm({ on }: { on: boolean }) {
  const [checked, setChecked] = useState(on);
  const { notice, pending, run } = useAction();
  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () => updatePayerReceipts({ on: checked }),
          undefined,
          checked ? "Saved. Payers who give their email get a receipt." : "Saved. Payers get no receipt from us.",
        );
      }}
    >
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="payerReceipts"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
          aria-describedby="payerReceipts-help"
          className="mt-1"
        />
        <span className="font-medium">Email payers a receipt</span>
      </label>
      <p id="payerReceipts-help" className={`mt-1 text-sm ${ui.muted}`}>
        When a payment link asks for the payer&apos;s email, they get a plain-text receipt in their language once the payment completes: the
        amount, your name, the date and the payment&apos;s reference (and, for a live payment, its transaction).
      </p>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        Save receipt setting
      </button>
      <FormMessage message={notice} />
    </form>
  );
}
