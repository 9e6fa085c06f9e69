// The framework's own floor for bench/api.mjs: a Next.js app of the same version as the service, with
// one route handler and nothing else (no proxy, no instrumentation, no logging), built by the bench.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ success: true, message: "OK", responseObject: { status: "alive" }, statusCode: 200 });
}
