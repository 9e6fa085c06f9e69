import { z } from "zod";
import { getWorkDb } from "@/db/client";
import { expireIfDue } from "@/lib/sessions/expiry";
import { inngest } from "../client";
import { parseEventData } from "./parse";

const data = z.object({ sessionId: z.string().min(1).max(100), at: z.iso.datetime() });

/** Expires a session or its unpaid order on time, whether or not anyone calls the API. */
export const expireSession = inngest.createFunction(
  { id: "expire-session", triggers: [{ event: "checkout/expiry.scheduled" }] },
  async ({ event, step }) => {
    const { sessionId, at } = parseEventData(data, event.data);
    await step.sleepUntil("until-expiry", new Date(at));
    await step.run("expire", async () => {
      await expireIfDue(await getWorkDb(), sessionId);
    });
    return { sessionId };
  },
);
