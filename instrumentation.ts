export async function register() {
  // Node-only start-up (database, signal handling) lives apart so the edge bundle never sees it
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
