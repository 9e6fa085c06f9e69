"use client";

import { useState } from "react";
import { ui } from "@/components/ui/styles";

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      className={`${ui.button} ${ui.secondary}`}
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
