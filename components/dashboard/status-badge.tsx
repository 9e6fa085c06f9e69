import type { ReactNode } from "react";
import { statusLabel } from "@/lib/dashboard/format";

// A status as a word, a colour and an icon: the word carries the meaning, the icon and the colour
// only repeat it (hidden from screen readers). Colours are the 100/900 pairs in light mode and
// 950/100 in dark mode: well above WCAG AA contrast (4.5:1) in both.

type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  info: "border-blue-300 bg-blue-100 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100",
  success: "border-green-300 bg-green-100 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
  warning: "border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  danger: "border-red-300 bg-red-100 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
};

const ICONS: Record<string, ReactNode> = {
  check: <path d="M3.5 8.5l3 3 6-7" />,
  clock: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5V8l2.5 1.5" />
    </>
  ),
  dot: <circle cx="8" cy="8" r="3" />,
  ring: <circle cx="8" cy="8" r="5.5" />,
  cross: <path d="M4.5 4.5l7 7m0-7l-7 7" />,
  alert: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5v4m0 2.5v.01" />
    </>
  ),
  arrow: <path d="M3 8h9m-3.5-3.5L12 8l-3.5 3.5" />,
};

// session (CREATED…CANCELLED), order (SIGNAL_SUBMITTED…FAILED), delivery (PENDING…FAILED) and payment link statuses
const STATUSES: Record<string, [Tone, keyof typeof ICONS]> = {
  CREATED: ["neutral", "ring"],
  ACTIVE: ["info", "dot"],
  COMPLETED: ["success", "check"],
  EXPIRED: ["warning", "clock"],
  CANCELLED: ["neutral", "cross"],
  PENDING: ["warning", "clock"],
  DELIVERED: ["success", "check"],
  FAILED: ["danger", "alert"],
  SIGNAL_SUBMITTED: ["info", "arrow"],
  SIGNAL_MINED: ["info", "arrow"],
  PAYMENT_SENT: ["info", "arrow"],
  PROOF_VERIFIED: ["info", "arrow"],
  FULFILL_SUBMITTED: ["info", "arrow"],
  FULFILLED: ["success", "check"],
  // payment links (ACTIVE and EXPIRED as above)
  PAUSED: ["neutral", "cross"],
  LIMIT_REACHED: ["neutral", "check"],
};

/** "✓ Completed" in green; an unknown status in neutral with a ring. */
export function StatusBadge({ status }: { status: string }) {
  const [tone, icon] = STATUSES[status] ?? ["neutral", "ring"];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 16 16"
        className="size-3.5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {ICONS[icon]}
      </svg>
      {statusLabel(status)}
    </span>
  );
}
