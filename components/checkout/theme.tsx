"use client";

import { useCallback, useState } from "react";
import { ui } from "@/components/ui/styles";
import { initialsOf } from "@/lib/brand";

// The merchant's look on the payer's page, shared by the page and the dashboard's live preview so the
// preview is the page: the merchant's logo (or initials). The themed root is theme-root.tsx, the
// service's mark chrome.tsx.

/**
 * The merchant's logo, or its initials when it has none or the image does not load. The server
 * renders the <img>; an image that failed before the page was hydrated fired its error event before
 * React listened, so the ref checks it once more.
 */
export function MerchantLogo({
  name,
  logoUrl,
  size = "h-12 w-12 text-xl",
  label = `${name} logo`,
}: {
  name: string;
  logoUrl: string | null;
  size?: string;
  /** what the image is called for screen readers */
  label?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const check = useCallback(
    (img: HTMLImageElement | null) => {
      // naturalWidth is 0 for a broken image, and for some SVGs that loaded: decode() tells them apart
      if (img && img.complete && img.naturalWidth === 0 && logoUrl) img.decode().catch(() => setFailedUrl(logoUrl));
    },
    [logoUrl],
  );
  if (logoUrl && failedUrl !== logoUrl) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- merchant logos are arbitrary https URLs
      <img
        ref={check}
        src={logoUrl}
        alt={label}
        width={48}
        height={48}
        className={`${size} shrink-0 rounded-xl object-cover`}
        onError={() => setFailedUrl(logoUrl)}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={label}
      data-initials=""
      className={`theme-avatar flex ${size} shrink-0 items-center justify-center rounded-xl bg-slate-200 font-bold dark:bg-slate-700`}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </div>
  );
}
