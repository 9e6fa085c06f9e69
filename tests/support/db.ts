import { getDb } from "@/db/client";

/** The database the route handlers use in this test file (PGlite in memory, or the run's PostgreSQL). */
export const testDb = () => getDb();
