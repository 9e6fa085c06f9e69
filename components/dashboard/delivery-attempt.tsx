import { RelativeTime } from "@/components/dashboard/relative-time";
import { ui } from "@/components/ui/styles";
import { httpStatusText } from "@/lib/dashboard/format";

// One attempt to deliver a webhook, as the session timeline and the delivery log both state it:
// its number, when, what the endpoint answered (or why nothing came back), and how long it took.

export type AttemptLine = { attempt: number; at: string; responseCode: number | null; error: string | null; durationMs: number };

/** "503 Service Unavailable", or the error when the endpoint did not answer. */
export const answerText = (a: { responseCode: number | null; error: string | null }) =>
  a.responseCode ? `HTTP ${httpStatusText(a.responseCode)}` : `Error: ${a.error ?? "no response"}`;

export function DeliveryAttempt({ attempt: a }: { attempt: AttemptLine }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <span>Attempt {a.attempt}</span>
      <RelativeTime at={a.at} />
      <span>{answerText(a)}</span>
      <span className={ui.muted}>{a.durationMs} ms</span>
    </span>
  );
}
