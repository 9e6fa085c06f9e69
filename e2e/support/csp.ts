import type { Page } from "@playwright/test";

/**
 * Every CSP violation the page reports: console errors ("Refused to …"), any other console message
 * that `alsoConsole` picks, and securitypolicyviolation events. Call it before the first navigation.
 */
export async function watchViolations(page: Page, alsoConsole: (text: string) => boolean = () => false): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if ((msg.type() === "error" && text.includes("Refused to")) || alsoConsole(text)) seen.push(`console: ${text}`);
  });
  await page.exposeFunction("__reportViolation", (v: string) => seen.push(`event: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __reportViolation: (v: string) => void }).__reportViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`,
      ),
    );
  });
  return seen;
}
