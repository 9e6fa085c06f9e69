import { readiness } from "@/lib/http/health";
import { methods, route } from "@/lib/http/route";

// GET /api/health – readiness, as /api/health/ready (kept for the deployments and monitors that use it)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "public" }, async ({ db }) => ({ message: "OK", data: await readiness(db) })),
});
