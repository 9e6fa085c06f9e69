"use client";

import { useState } from "react";
import { cancelPayoutChangeAction } from "@/actions/dashboard/payout-change";
import { FormMessage, SUCCESS_BOX } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

/** The cancel page's one button: the mailed link opens the page, the press cancels (once). */
export function CancelPayoutChangeButton({ token }: { token: string }) {
  const { notice, pending, run } = useAction();
  const [done, setDone] = useState(false);
  return (
    <div>
      {!done && (
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.danger} mt-4 w-full`}
          onClick={() =>
            void run(
              () => cancelPayoutChangeAction(token),
              () => setDone(true),
              (r) =>
                r.kind === "wallet"
                  ? `Cancelled: ${r.address} does not become the payout wallet. Every owner was mailed.`
                  : `Cancelled: ${r.address} is not added to the allowed payout addresses. Every owner was mailed.`,
            )
          }
        >
          {pending ? "Cancelling…" : "Cancel this change"}
        </button>
      )}
      <FormMessage message={notice} success={SUCCESS_BOX} />
    </div>
  );
}
