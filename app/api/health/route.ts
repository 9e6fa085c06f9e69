import { getDbKind } from "@/db/client";
import { methods, route } from "@/lib/http/route";

// GET /api/health – 200 once the database is open and migrated
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "public" }, async () => ({ message: "OK", data: { status: "ok", database: await getDbKind() } })),
});
