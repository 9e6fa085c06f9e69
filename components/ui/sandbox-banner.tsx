// The notice that the sandbox rail is active: on every dashboard page and on the payer's page, so that
// no one takes a sandbox payment for money. Its own colours (never a merchant's theme), AA in light and
// dark, and the word itself says it: the colour is not the only cue. No hooks: server and client both render it.

const box =
  "border-2 border-dashed border-amber-700 bg-amber-100 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50";

/** The notice's words: English unless the page speaks the payer's language (components/checkout/chrome.tsx). */
type Words = { title: string; compact: string; full: string };
const ENGLISH: Words = { title: "Sandbox:", compact: "no real money moves.", full: "no real money moves. Payments here are simulated." };

/** compact: a single short line, for the payer's page embedded in a shop's frame. */
export function SandboxBanner({
  compact = false,
  className = "",
  words = ENGLISH,
}: {
  compact?: boolean;
  className?: string;
  words?: Words;
}) {
  if (compact) {
    return (
      <p role="note" className={`rounded-lg px-2 py-1 text-xs ${box} ${className}`}>
        <strong>{words.title}</strong> {words.compact}
      </p>
    );
  }
  return (
    <p role="note" className={`rounded-xl px-3 py-2 text-sm ${box} ${className}`}>
      <strong>{words.title}</strong> {words.full}
    </p>
  );
}
