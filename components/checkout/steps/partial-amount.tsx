"use client";

import { useId } from "react";
import { ui } from "@/components/ui/styles";

/**
 * A v1 order that may be paid in parts: the amount to pay now, empty for all of it. The choose step
 * keeps the value (it goes with the start); this is loaded only for such an order.
 */
export function PartialAmount({
  range,
  part,
  onChange,
}: {
  range: { minUsdc: string; maxUsdc: string };
  part: string;
  onChange: (part: string) => void;
}) {
  const partId = useId();
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-medium">Pay only part of it now</summary>
      <label htmlFor={partId} className={`mt-2 ${ui.label}`}>
        Amount to pay now (USDC)
      </label>
      <input
        id={partId}
        inputMode="decimal"
        autoComplete="off"
        value={part}
        onChange={(e) => onChange(e.target.value)}
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
