import { Inngest } from "inngest";
import { getConfig } from "@/lib/config";

const config = getConfig();

/** Used when INNGEST_EVENT_KEY or INNGEST_DEV is set; otherwise the local dispatcher does the work. */
export const inngest = new Inngest({
  id: "checkout-service",
  eventKey: config.inngest.eventKey,
  signingKey: config.inngest.signingKey,
  isDev: config.inngest.dev !== undefined && config.inngest.dev !== "0" && config.inngest.dev !== "false",
});
