"use client";

import { useId, useState } from "react";
import { ui } from "@/components/ui/styles";

/**
 * A v1 order that may be paid in parts: the amount to pay now, empty for all of it. The choose step
 * sends the field's value (its form's `part`) with the start, so the field is uncontrolled: a value
 * typed before this lazy chunk hydrated stays, and is what is sent. Loaded only for such an order.
 */
export function PartialAmount({ range }: { range: { minUsdc: string; maxUsdc: string } }) {
  const partId = useId();
  const [part, setPart] = useState("");
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-medium">Pay only part of it now</summary>
      <label htmlFor={partId} className={`mt-2 ${ui.label}`}>
        Amount to pay now (USDC)
      </label>
      <input
        id={partId}
        name="part"
        inputMode="decimal"
        autoComplete="off"
        onChange={(e) => setPart(e.target.value)}
        placeholder={range.maxUsdc}
        aria-describedby={`${partId}-help`}
        className={ui.input}
      />
      <p id={`${partId}-help`} className={`mt-1 text-sm ${ui.muted}`}>
        From {range.minUsdc} to {range.maxUsdc} USDC. You pay the rest later with this same link. Leave empty to pay all of it.
      </p>
      {part.trim() && <p className={`mt-1 text-sm ${ui.muted}`}>The prices above are for all of it; the next step quotes this part.</p>}
    </details>
  );
}
