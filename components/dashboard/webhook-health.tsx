import { RelativeTime } from "@/components/dashboard/relative-time";
import { ui } from "@/components/ui/styles";
import type { WebhookHealth } from "@/lib/webhooks/health";

// A webhook's health as the dashboard shows it: in full on its page, in one line in the list.

const utc = (iso: string) => `${iso.replace("T", " ").slice(0, 19)} UTC`;
export const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const failureText = (f: NonNullable<WebhookHealth["lastFailure"]>) =>
  f.responseCode !== null ? `HTTP status ${f.responseCode}` : (f.error ?? "no response");

/** What the endpoint's circuit means for its deliveries, or null while it is closed. */
export function circuitText(c: WebhookHealth["circuit"]): string | null {
  if (c.state === "open")
    return `Paused: the endpoint timed out ${c.failures} attempts in a row. Its deliveries wait, and one is tried again at ${utc(c.retryAt!)}.`;
  if (c.state === "half-open")
    return "Paused: the endpoint kept timing out; one delivery is being tried, and an answer resumes the others.";
  return null;
}

export function HealthSummary({ health }: { health: WebhookHealth }) {
  const { delivered, failed, successRate, p50Ms, lastFailure } = health;
  const paused = circuitText(health.circuit);
  return (
    <>
      {paused && (
        <p role="status" className="mt-3 text-sm font-semibold" data-testid="webhook-circuit">
          {paused}
        </p>
      )}
      <HealthFigures delivered={delivered} failed={failed} successRate={successRate} p50Ms={p50Ms} lastFailure={lastFailure} />
    </>
  );
}

function HealthFigures({ delivered, failed, successRate, p50Ms, lastFailure }: Omit<WebhookHealth, "circuit" | "failedNow">) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className={ui.muted}>Success rate (24 h)</dt>
        <dd className="text-lg font-semibold" data-testid="webhook-success-rate">
          {successRate === null ? "—" : percent(successRate)}
        </dd>
        <dd className={ui.muted}>
          {delivered} delivered · {failed} failed
        </dd>
      </div>
      <div>
        <dt className={ui.muted}>Median response time (24 h)</dt>
        <dd className="text-lg font-semibold">{p50Ms === null ? "—" : `${p50Ms} ms`}</dd>
      </div>
      <div>
        <dt className={ui.muted}>Last failure</dt>
        <dd className="break-words font-semibold" data-testid="webhook-last-failure">
          {lastFailure ? failureText(lastFailure) : "None"}
        </dd>
        {lastFailure && (
          <dd className={ui.muted}>
            <RelativeTime at={lastFailure.at} />
          </dd>
        )}
      </div>
    </dl>
  );
}

/** One line for the list: "24 h: 75% delivered (3 of 4) · median 35 ms · last failure HTTP status 500 at …". */
export function healthLine(h: WebhookHealth): string {
  const parts = deliveredParts(h);
  if (h.circuit.state !== "closed") parts.unshift(h.circuit.state === "open" ? "paused (timing out)" : "paused, being tried");
  if (h.lastFailure) parts.push(`last failure ${failureText(h.lastFailure)} at ${utc(h.lastFailure.at)}`);
  return parts.join(" · ");
}

/** The same line on the webhooks page, its last failure's time relative (the exact time on hover and focus). */
export function HealthLine({ health: h }: { health: WebhookHealth }) {
  return (
    <>
      {h.circuit.state !== "closed" && (h.circuit.state === "open" ? "paused (timing out) · " : "paused, being tried · ")}
      {deliveredParts(h).join(" · ")}
      {h.lastFailure && (
        <>
          {" "}
          · last failure {failureText(h.lastFailure)} <RelativeTime at={h.lastFailure.at} />
        </>
      )}
    </>
  );
}

function deliveredParts(h: WebhookHealth): string[] {
  const parts = [
    h.successRate === null
      ? "24 h: no deliveries"
      : `24 h: ${percent(h.successRate)} delivered (${h.delivered} of ${h.delivered + h.failed})`,
  ];
  if (h.p50Ms !== null) parts.push(`median ${h.p50Ms} ms`);
  return parts;
}
