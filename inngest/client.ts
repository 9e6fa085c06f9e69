import { Inngest } from "inngest";
import { getConfig } from "@/lib/core/config";
import type { HintSender } from "@/lib/jobs";

const config = getConfig();

/** Used when INNGEST_EVENT_KEY or INNGEST_DEV is set; otherwise the local dispatcher does the work. */
export const inngest = new Inngest({
  id: "checkout-service",
  eventKey: config.inngest.eventKey,
  signingKey: config.inngest.signingKey,
  isDev: config.inngest.dev !== undefined && config.inngest.dev !== "0" && config.inngest.dev !== "false",
});

/**
 * Hands lib/jobs' hints (new deliveries, scheduled expiries) to Inngest. lib/ never imports this
 * folder; start-up registers this sender with lib/jobs when Inngest runs the background work.
 */
export const sendHints: HintSender = async (hints) => {
  await inngest.send(hints);
};
