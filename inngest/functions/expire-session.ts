import { getWorkDb } from "@/db/client";
import { expireIfDue } from "@/lib/sessions/expiry";
import { JOB_EVENTS } from "@/lib/jobs/events";
import { inngest } from "../client";
import { parseEventData } from "./parse";

/** Expires a session or its unpaid order on time, whether or not anyone calls the API. */
export const expireSession = inngest.createFunction(
  { id: "expire-session", triggers: [{ event: JOB_EVENTS.expiry.name }] },
  async ({ event, step }) => {
    const { sessionId, at } = parseEventData(JOB_EVENTS.expiry.data, event.data);
    await step.sleepUntil("until-expiry", new Date(at));
    await step.run("expire", async () => {
      await expireIfDue(await getWorkDb(), sessionId);
    });
    return { sessionId };
  },
);
