import crypto from "node:crypto";
import postgres from "postgres";

/**
 * Runs `fn` with the URL of a new, empty PostgreSQL database of its own, and drops the database
 * afterwards (closing whatever connections are left). For tests that need a database before the
 * migrations are applied, or that read the server's statistics of one table alone.
 */
export async function withEmptyDatabase<T>(prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = postgres(process.env.TEST_PG_ADMIN_URL ?? process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const name = `checkout_${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
