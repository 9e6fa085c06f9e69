import { z } from "zod";

// The events that tell the background work something is due, each named once with its payload's
// schema: lib/jobs sends them as hints, Inngest's functions are triggered by them and parse their data
// with the same schema, and the sweep sends them again for what is overdue.

const id = z.string().min(1).max(100);

export const JOB_EVENTS = {
  delivery: { name: "checkout/delivery.due", data: z.object({ deliveryId: id }) },
  expiry: { name: "checkout/expiry.scheduled", data: z.object({ sessionId: id, at: z.iso.datetime() }) },
  rail: { name: "checkout/rail.due", data: z.object({ orderId: id }) },
  receipt: { name: "checkout/receipt.due", data: z.object({ sessionId: id }) },
  payoutChange: { name: "checkout/payout-change.due", data: z.object({ changeId: id }) },
  refund: { name: "checkout/refund.due", data: z.object({ refundId: id }) },
} as const;

export type JobName = keyof typeof JOB_EVENTS;

/** An event of a job, as sent: its name and its data. */
export type JobEvent<J extends JobName = JobName> = {
  [K in J]: { name: (typeof JOB_EVENTS)[K]["name"]; data: z.infer<(typeof JOB_EVENTS)[K]["data"]> };
}[J];

/** The event saying that job `job` is due with `data`. */
export const jobEvent = <J extends JobName>(job: J, data: z.infer<(typeof JOB_EVENTS)[J]["data"]>) =>
  ({ name: JOB_EVENTS[job].name, data }) as JobEvent<J>;
