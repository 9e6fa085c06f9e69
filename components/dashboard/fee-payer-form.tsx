"use client";

import { useState } from "react";
import { updateFeeSetting } from "@/actions/dashboard/fee";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import type { FeePayer, FeeTerms } from "@/lib/rail/fees";

const CHOICES: { value: FeePayer; label: string; help: string }[] = [
  { value: "MERCHANT", label: "You pay them", help: "The payer pays the session amount; you receive it less the fees." },
  { value: "PAYEE", label: "The payer pays them", help: "The payer's price includes the fees; you receive the whole amount." },
  { value: "SPLIT", label: "Split them", help: "The payer pays a share of the fees on top; you bear the rest." },
];
const SHARES = Array.from({ length: 11 }, (_, i) => i * 1_000);

/** Settings: who pays the real rail's fees on sessions and payment links that do not say. */
export function FeePayerForm({ terms }: { terms: FeeTerms }) {
  const [feePayer, setFeePayer] = useState<FeePayer>(terms.feePayer);
  const [share, setShare] = useState<number>(terms.buyerFeeShareBps ?? 5_000);
  const { failure, notice, pending, run } = useAction();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () => updateFeeSetting({ feePayer, buyerFeeShareBps: feePayer === "SPLIT" ? share : null }),
          undefined,
          "Saved. New sessions and payment links use it.",
        );
      }}
    >
      <fieldset>
        <legend className={ui.label}>Who pays the fees of live payments</legend>
        <div className="mt-2 space-y-2">
          {CHOICES.map((c) => (
            <label key={c.value} className="flex items-start gap-2">
              <input
                type="radio"
                name="feePayer"
                value={c.value}
                checked={feePayer === c.value}
                onChange={() => setFeePayer(c.value)}
                aria-describedby={`feePayer-${c.value}-help`}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{c.label}</span>
                <span id={`feePayer-${c.value}-help`} className={`block text-sm ${ui.muted}`}>
                  {c.help}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {feePayer === "SPLIT" && (
        <div className="mt-3">
          <label htmlFor="buyerFeeShareBps" className={ui.label}>
            The payer&apos;s share of the fees
          </label>
          <select
            id="buyerFeeShareBps"
            name="buyerFeeShareBps"
            value={share}
            onChange={(e) => setShare(Number(e.target.value))}
            aria-invalid={Boolean(failure?.fields.buyerFeeShareBps) || undefined}
            className={ui.input}
          >
            {SHARES.map((bps) => (
              <option key={bps} value={bps}>
                {bps / 100}%
              </option>
            ))}
          </select>
        </div>
      )}
      <p className={`mt-2 text-sm ${ui.muted}`}>
        ZKP2P takes its fees from each live release (the protocol&apos;s, the liquidity manager&apos;s and referrals&apos;). Sandbox
        payments have none. A session or payment link may say otherwise with feePayer.
      </p>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary} mt-4`}>
        Save fee setting
      </button>
      <FormMessage message={notice} />
    </form>
  );
}
