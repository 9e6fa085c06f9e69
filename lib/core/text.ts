// Text that people read: in a terminal (the operator's tables), on the payer's page, in the dashboard.

/**
 * Characters that change how text around them is shown rather than showing themselves: C0 and C1
 * controls (a terminal runs ESC and CSI sequences: cursor moves, colours, OSC 52 clipboard writes),
 * DEL, and the bidirectional marks, embeddings, overrides and isolates (which reorder what follows,
 * so "Acme\u202Emoc.evil" reads as another name).
 */
const UNREADABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const UNREADABLE_ALL = new RegExp(UNREADABLE.source, "gu");

/** Whether the text holds a character that UNREADABLE names. */
export const hasUnreadable = (text: string): boolean => UNREADABLE.test(text);

/**
 * The text with each such character written as a visible escape (`\x1b`, `\u202e`): safe to print
 * in a terminal whatever is stored, including rows written before display names were checked.
 */
export function printable(text: string): string {
  return text.replace(UNREADABLE_ALL, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
