import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { filterParams, parseSessionQuery } from "@/lib/dashboard/session-filters";
import { searchProblem } from "@/lib/http/page";
import { sessionsCsvStream } from "@/lib/sessions/csv";

// GET /dashboard/sessions/export?<the list's filters> – the signed-in merchant's sessions that the
// filters select, every page of them, as a CSV download. A dashboard face (the sign-in cookie, as the
// pages), not an API route; signed out, it redirects to sign in as the pages do.

export const dynamic = "force-dynamic";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function GET(request: Request) {
  const { actor } = await requireMerchant();
  const params = filterParams(new URL(request.url).searchParams);
  const problem = searchProblem(params);
  const parsed = problem ? null : parseSessionQuery(params);
  if (!parsed?.ok) {
    const message = problem ?? parsed!.problems.map((p) => p.message).join("\n");
    return new Response(`Not exported: ${message}\n`, {
      status: 400,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const body = sessionsCsvStream(await getDb(), { filters: parsed.filters, sort: parsed.sort }, { actor });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...PRIVATE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sessions-${day}.csv"`,
    },
  });
}
