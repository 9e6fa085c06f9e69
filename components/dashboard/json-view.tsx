import type { ReactNode } from "react";

// Pretty JSON with its keys, strings, numbers and literals (true, false, null) in distinct colours,
// rendered to spans on the server: no highlighter reaches the browser. Each colour passes WCAG AA on
// the block's background in the light and the dark scheme.

const COLOURS = {
  key: "text-blue-800 dark:text-sky-300",
  string: "text-emerald-800 dark:text-emerald-300",
  number: "text-amber-800 dark:text-amber-300",
  literal: "text-fuchsia-800 dark:text-fuchsia-300",
} as const;

// a string (a key when a colon follows), a number, or a literal; the rest is punctuation and space
const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** `text` (JSON.stringify's output) cut into coloured spans. */
export function highlightJson(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const [whole, string, colon, number, literal] = m;
    const kind = string !== undefined ? (colon !== undefined ? "key" : "string") : number !== undefined ? "number" : "literal";
    const token = string ?? number ?? literal!;
    out.push(
      <span key={m.index} className={COLOURS[kind]} data-json={kind}>
        {token}
      </span>,
    );
    if (colon) out.push(colon);
    last = m.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A scrollable, focusable block of pretty-printed JSON; `label` names it for screen readers. */
export function JsonView({ json, label }: { json: string; label: string }) {
  return (
    <pre
      // focusable, so a keyboard can scroll it; a named group, so a screen reader says what it holds
      tabIndex={0}
      role="group"
      aria-label={label}
      className="max-h-96 max-w-full overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:focus-visible:outline-blue-300"
    >
      <code>{highlightJson(JSON.stringify(JSON.parse(json), null, 2))}</code>
    </pre>
  );
}
