import { getDb } from "@/db/client";
import { getCheckoutView } from "@/lib/checkout/service";
import { AppError } from "@/lib/errors";
import { hitPayerLimits } from "@/lib/http/rate-limit";
import { clientIp } from "@/lib/http/route";
import { errorFields, logger } from "@/lib/logger";

// GET /checkout/status?session=… – the payer page's live view, authorised by the session id alone
export async function GET(req: Request) {
  const id = new URL(req.url).searchParams.get("session") ?? "";
  const headers: Record<string, string> = { "cache-control": "no-store", "x-robots-tag": "noindex" };
  try {
    const db = await getDb();
    const limit = await hitPayerLimits(db, "status", id, clientIp(req.headers));
    if (!limit.allowed) {
      return Response.json(
        { error: `Too many requests; try again in ${limit.resetSeconds} seconds` },
        { status: 429, headers: { ...headers, "Retry-After": String(limit.resetSeconds) } },
      );
    }
    return Response.json(await getCheckoutView(db, id), { headers });
  } catch (err) {
    if (!(err instanceof AppError)) logger.error("checkout status failed", errorFields(err));
    const status = err instanceof AppError ? err.status : 500;
    return Response.json({ error: err instanceof AppError ? err.message : "Internal error" }, { status, headers });
  }
}
