import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

// Scalar's standalone browser bundle, straight from the installed package: the API reference
// (/docs) runs it from this origin, with no CDN. Only /docs loads it; browsers keep it an hour and
// then revalidate it by its version (ETag).

export const dynamic = "force-dynamic";

const PACKAGE = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");
const BUNDLE = path.join(PACKAGE, "dist", "browser", "standalone.js");

let etag: string | undefined;
function bundleTag(): string {
  etag ??= `"scalar-${(JSON.parse(fs.readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as { version: string }).version}"`;
  return etag;
}

export async function GET(request: Request) {
  const tag = bundleTag();
  const headers = { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600, must-revalidate", ETag: tag };
  if (request.headers.get("if-none-match") === tag) return new Response(null, { status: 304, headers });
  const { size } = await fs.promises.stat(BUNDLE);
  return new Response(Readable.toWeb(fs.createReadStream(BUNDLE)) as ReadableStream<Uint8Array>, {
    headers: { ...headers, "Content-Length": String(size) },
  });
}
