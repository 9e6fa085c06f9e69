// The framework's own floor for bench/api.mjs: a Next.js app of the same version as the service, with
// one route handler and nothing else (no proxy, no instrumentation, no logging), built by the bench.
// It answers the same envelope as our liveness route, the cheapest way a route handler can: a string
// body (Response.json serializes through WebIDL and costs more per answer). It is dynamic as route
// handlers are by default (answered per request, never cached), like ours; `dynamic = "force-dynamic"`
// would add work ours does not do.
const BODY = JSON.stringify({ success: true, message: "OK", responseObject: { status: "alive" }, statusCode: 200 });

export function GET() {
  return new Response(BODY, { headers: { "content-type": "application/json; charset=utf-8" } });
}
