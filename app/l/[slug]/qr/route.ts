import { linkUrlFor, publicLink } from "@/lib/links/service";
import { qrRoute } from "@/lib/links/qr";

// GET /l/<slug>/qr?format=svg|png – the link's QR code, for a counter or a printed invoice
export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return qrRoute(req, "Payment link", async (db) =>
    (await publicLink(db, slug)) ? { url: linkUrlFor(slug), name: `payment-link-${slug}` } : null,
  );
}
