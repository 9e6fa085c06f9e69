import { start, stop } from "../../scripts/prod-like";

// Starts the production topology (scripts/prod-like.ts) for the "prod" project, and stops it after
// the run. Its settings make the fault tests quick: a short webhook timeout and retry schedule, and
// a short pause between failing the health check and closing on SIGTERM (longer than the proxy's
// health interval, so the proxy stops routing to an instance before it closes).
export const PROD_ENV = {
  RATE_LIMIT_MULTIPLIER: "5",
  WEBHOOK_TIMEOUT: "5s",
  WEBHOOK_RETRY_DELAYS: "2s,5s,10s,20s,30s,30s,30s",
  SHUTDOWN_DELAY_MS: "3000",
};

export default async function setup() {
  if (process.env.PROD_LIKE === "off") return;
  await start(PROD_ENV);
  return async () => {
    await stop();
  };
}
