import { getConfig } from "@/lib/core/config";
import { renderMetrics } from "@/lib/metrics";
import { metricsAllowed } from "@/lib/metrics/serve";

// GET /metrics: Prometheus's text format, on the service's own port only with METRICS_TOKEN as a
// bearer token; without METRICS_TOKEN it is not served here (404), and METRICS_PORT serves it apart.
export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  const { token } = getConfig().metrics;
  if (!token) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  if (!metricsAllowed(req.headers.get("authorization"), token)) {
    return new Response("Send Authorization: Bearer <METRICS_TOKEN>\n", {
      status: 401,
      headers: { "content-type": "text/plain", "www-authenticate": "Bearer", "cache-control": "no-store" },
    });
  }
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
