import { eq } from "drizzle-orm";
import { checkoutSessions } from "@/db/schema";
import { looksLikeId } from "@/lib/core/ids";
import { qrRoute } from "@/lib/links/qr";
import { checkoutUrlFor } from "@/lib/sessions/create";

// GET /checkout/qr?session=<id>&format=svg|png – the QR code of a session's checkout page (its link
// holds the session id, which is the payer's authority: the code tells nothing the link does not)
export async function GET(req: Request) {
  const id = new URL(req.url).searchParams.get("session") ?? "";
  return qrRoute(req, "Checkout session", async (db) => {
    if (!looksLikeId("sess", id)) return null;
    const [s] = await db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.id, id));
    return s ? { url: checkoutUrlFor(s.id), name: `checkout-${s.id}` } : null;
  });
}
