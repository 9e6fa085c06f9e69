"use client";

import { useState } from "react";
import { ui } from "@/components/ui/styles";

/**
 * Copies `value`; `label` names what is copied for screen readers ("Copy API key"). The button's
 * own name is its label, so the change of its text to "Copied" is not read out: a polite live
 * region beside it, present from the start (regions added later are not watched), says it.
 */
export function CopyButton({
  value,
  label,
  className = `${ui.button} ${ui.secondary}`,
  words = { copy: "Copy", copied: "Copied" },
}: {
  value: string;
  label: string;
  className?: string;
  /** the button's words: English unless the page speaks the payer's language */
  words?: { copy: string; copied: string };
}) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        className={className}
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => {});
          setCopied(true);
          setTimeout(() => setCopied(false), 2_000);
        }}
      >
        {copied ? words.copied : words.copy}
      </button>
      {/* no role: a page's own status messages stay the only role=status there */}
      <span aria-live="polite" className="sr-only" data-copy-announcement>
        {copied ? words.copied : ""}
      </span>
    </>
  );
}
