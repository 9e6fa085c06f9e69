"use client";

import { useExplorerOverrides } from "@/components/dashboard/explorer-context";
import { CopyButton } from "@/components/ui/copy-button";
import { explorerUrl, shortHex } from "@/lib/dashboard/format";

// An address or a transaction hash, shortened (0x1234…abcd) where it is shown, whole for screen
// readers, the copy button and the hover title; linked to the chain's explorer when it has one (the
// merchant's own when it set one in Settings: ExplorerProvider in the dashboard's layout).

export function HexValue({
  value,
  kind,
  chainId,
  label,
}: {
  value: string;
  kind: "tx" | "address";
  chainId?: number | null;
  /** what the value is, for screen readers: "Recipient", "Transaction" */
  label: string;
}) {
  const url = explorerUrl(chainId, kind, value, useExplorerOverrides());
  const short = shortHex(value);
  const whole = (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">
        {label} {value}
      </span>
    </>
  );
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 font-mono">
      {url ? (
        <a href={url} title={value} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline dark:text-blue-300">
          {whole}
          <span className="sr-only"> (block explorer, opens in a new tab)</span>
        </a>
      ) : (
        <span title={value}>{whole}</span>
      )}
      <CopyButton
        value={value}
        label={`Copy ${label.toLowerCase()} ${value}`}
        className="inline-flex min-h-6 items-center rounded-md border border-slate-300 bg-white px-1.5 font-sans text-xs font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      />
    </span>
  );
}
