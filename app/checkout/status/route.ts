import { getDb } from "@/db/client";
import { getCheckoutView } from "@/lib/checkout/service";
import { AppError } from "@/lib/errors";

// GET /checkout/status?session=… – the payer page's live view, authorised by the session id alone
export async function GET(req: Request) {
  const id = new URL(req.url).searchParams.get("session") ?? "";
  const headers = { "cache-control": "no-store", "x-robots-tag": "noindex" };
  try {
    return Response.json(await getCheckoutView(await getDb(), id), { headers });
  } catch (err) {
    const status = err instanceof AppError ? err.status : 500;
    return Response.json({ error: err instanceof AppError ? err.message : "Internal error" }, { status, headers });
  }
}
