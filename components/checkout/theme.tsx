"use client";

import { useCallback, useState } from "react";
import { initialsOf } from "@/lib/brand";

// The merchant's look on the payer's page, shared by the page and the dashboard's live preview so the
// preview is the page: the merchant's logo (or initials). The themed root is theme-root.tsx, the
// service's mark chrome.tsx.

/**
 * The merchant's logo over its initials: a logo that has not loaded yet (a slow network) shows the
 * initials beneath it, and one that cannot load shows them too, never a broken image, even before any
 * script runs: a broken image gets an ::after (app/globals.css) that covers the browser's icon with the
 * initials' tile. Once the page's scripts know how the logo went, a broken one is removed and a loaded
 * one loses the tile behind it, so a logo with transparent parts shows on the page as it is. The image
 * sends no Referer: the checkout's address holds the payer's session.
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
  // whether the current logo loaded (true), failed (false) or has not settled as far as the scripts know
  const [outcome, setOutcome] = useState<{ url: string; loaded: boolean } | null>(null);
  const loaded = outcome && outcome.url === logoUrl ? outcome.loaded : undefined;
  const settle = useCallback((ok: boolean) => logoUrl && setOutcome({ url: logoUrl, loaded: ok }), [logoUrl]);
  const check = useCallback(
    (img: HTMLImageElement | null) => {
      // the image may have settled before React listened: naturalWidth is 0 for a broken image (and for
      // some SVGs that loaded, which decode() tells apart)
      if (!img || !img.complete) return;
      if (img.naturalWidth > 0) settle(true);
      else
        img.decode().then(
          () => settle(true),
          () => settle(false),
        );
    },
    [settle],
  );
  const initials = initialsOf(name);
  const shown = loaded === true;
  return (
    <div
      role="img"
      aria-label={label}
      data-initials={shown ? undefined : ""}
      className={`relative flex ${size} shrink-0 items-center justify-center overflow-hidden rounded-xl font-bold ${shown ? "" : "theme-avatar bg-slate-200 [--logo-tile:var(--color-slate-200)] dark:bg-slate-700 dark:[--logo-tile:var(--color-slate-700)]"}`}
    >
      <span aria-hidden="true" className={shown ? "invisible" : undefined}>
        {initials}
      </span>
      {logoUrl && loaded !== false && (
        // eslint-disable-next-line @next/next/no-img-element -- merchant logos are arbitrary https URLs
        <img
          ref={check}
          src={logoUrl}
          alt=""
          data-fallback={initials}
          referrerPolicy="no-referrer"
          width={48}
          height={48}
          className="merchant-logo absolute inset-0 h-full w-full object-cover"
          onLoad={() => settle(true)}
          onError={() => settle(false)}
        />
      )}
    </div>
  );
}
