import QRCode from "qrcode";
import { type Db, getDb } from "@/db/client";
import { AppError } from "@/lib/core/errors";
import { errorEnvelope, jsonResponse } from "@/lib/http/envelope";
import { clientIp } from "@/lib/http/route";
import { hitRateLimits, RATE_RULES } from "@/lib/limits/rate-limit";

// QR codes of a payment link or a checkout, made on the server (the qrcode package) for a counter, a
// printed invoice or a chat: SVG to scale in print, PNG where SVG is not taken.

export const QR_FORMATS = ["svg", "png"] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** The format named by `?format=` (SVG when none), or null for one that is not offered. */
export function qrFormatOf(url: URL): QrFormat | null {
  const f = url.searchParams.get("format") ?? "svg";
  return (QR_FORMATS as readonly string[]).includes(f) ? (f as QrFormat) : null;
}

/** The QR code of `text` as an image response; `name` becomes the file's name when saved. */
export async function qrResponse(text: string, format: QrFormat, name: string, cacheControl: string): Promise<Response> {
  const options = { margin: 2, errorCorrectionLevel: "M" as const };
  const headers = {
    "cache-control": cacheControl,
    "content-disposition": `inline; filename="${name}.${format}"`,
    "x-content-type-options": "nosniff",
  };
  if (format === "svg") {
    const svg = await QRCode.toString(text, { ...options, type: "svg" });
    return new Response(svg, { headers: { ...headers, "content-type": "image/svg+xml; charset=utf-8" } });
  }
  const png = await QRCode.toBuffer(text, { ...options, type: "png", width: 512 });
  return new Response(new Uint8Array(png), { headers: { ...headers, "content-type": "image/png" } });
}

/**
 * GET …/qr?format=svg|png: the QR code of the address `target` finds (null: not found), refused as
 * the API refuses (an envelope) for an unknown format, an unknown target or too many requests from
 * one address. Counted with the link pages' limit: each one costs a PNG's encoding.
 */
export async function qrRoute(
  req: Request,
  what: string,
  target: (db: Db) => Promise<{ url: string; name: string } | null>,
): Promise<Response> {
  const refuse = (err: AppError, headers: Record<string, string> = {}) =>
    jsonResponse(errorEnvelope(err), { "cache-control": "no-store", ...headers });
  const format = qrFormatOf(new URL(req.url));
  if (!format)
    return refuse(new AppError("VALIDATION_FAILED", `format: must be ${QR_FORMATS.join(" or ")}`, { fields: { format: "invalid" } }));
  const db = await getDb();
  const limited = await hitRateLimits(db, RATE_RULES.linkOpenIp, { ip: clientIp(req.headers) });
  if (limited && !limited.allowed) {
    return refuse(new AppError("RATE_LIMITED", `Too many requests; try again in ${limited.resetSeconds} seconds`), {
      "retry-after": String(limited.resetSeconds),
    });
  }
  const found = await target(db);
  if (!found) return refuse(new AppError("NOT_FOUND", `${what} not found`));
  return qrResponse(found.url, format, found.name, "private, max-age=300");
}
