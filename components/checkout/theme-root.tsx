import type { ReactNode } from "react";
import { type CheckoutTheme, themeRootProps } from "@/lib/theme-core";

/**
 * The page's root in the merchant's theme: the palette as CSS custom properties (app/globals.css).
 * The default preset adds nothing, so the page looks exactly as it does without a theme. It has no
 * hooks: the payer's page renders it on the server around the client checkout, so the theme's code
 * (presets, contrast maths) stays out of the payer's bundle; the dashboard's live preview renders it
 * in the browser.
 */
export function ThemeRoot({ theme, className, children }: { theme: CheckoutTheme; className?: string; children: ReactNode }) {
  const props = themeRootProps(theme);
  return (
    <div {...props} style={props.style} className={className}>
      {children}
    </div>
  );
}
