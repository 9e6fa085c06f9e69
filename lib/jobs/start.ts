import { getDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/logger";
import { Dispatcher, type DispatcherOptions } from "./dispatcher";
import { registerLocalDispatcher } from "./index";

/** Starts this process's local dispatcher, unless Inngest runs the background work. */
export async function startLocalDispatcher(opts: DispatcherOptions = {}): Promise<Dispatcher | undefined> {
  if (getConfig().inngest.enabled) {
    logger.info("background work runs on Inngest (/api/inngest)");
    return undefined;
  }
  const dispatcher = new Dispatcher(await getDb(), opts);
  registerLocalDispatcher(dispatcher);
  dispatcher.start();
  logger.info("local dispatcher started");
  return dispatcher;
}
