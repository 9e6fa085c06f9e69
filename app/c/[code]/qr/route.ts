import { handoffUrlFor, normalizeHandoffCode, resolveHandoff } from "@/lib/checkout/handoff";
import { qrRoute } from "@/lib/links/qr";

// GET /c/<code>/qr?format=svg|png – the QR code of a hand-off's short link, while its checkout is open
// (the code tells nothing the short link does not; an ended or unknown one is not found)
export async function GET(req: Request, { params }: { params: Promise<{ code: string }> }) {
  const code = normalizeHandoffCode((await params).code);
  return qrRoute(req, "Checkout", async (db) => {
    if (!code || !(await resolveHandoff(db, code))?.open) return null;
    return { url: handoffUrlFor(code), name: "checkout-on-a-computer" };
  });
}
