// The framework's floor for a route with a parameter (ours: GET /api/checkout/sessions/:id): Next.js
// matches it among the dynamic routes and hands it its params. The same answer as the static floor.
const BODY = JSON.stringify({ success: true, message: "OK", responseObject: { status: "alive" }, statusCode: 200 });

export async function GET(request, { params }) {
  await params;
  return new Response(BODY, { headers: { "content-type": "application/json; charset=utf-8" } });
}
