"use client";

import { useState } from "react";
import { ui } from "@/components/ui/styles";

/** Copies `value`; `label` names what is copied for screen readers ("Copy API key"). */
export function CopyButton({
  value,
  label,
  className = `${ui.button} ${ui.secondary}`,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
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
      {copied ? "Copied" : "Copy"}
    </button>
  );
}
