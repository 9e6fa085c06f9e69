import type { Options, Sql } from "postgres";

/**
 * postgres.js's target for a DATABASE_URL. libpq, and so `psql` and `pg_dump`, take PostgreSQL's Unix
 * socket as a `host` parameter naming its folder: `postgres://user@localhost/db?host=/var/run/postgresql`.
 * postgres.js would send that `host` to the server as a setting, which refuses it, so it becomes the
 * socket's path here (or, when it names a host, the URL's host, as libpq reads it), and the URL keeps
 * the rest. Any other URL is returned as it is.
 */
export function postgresTarget(url: string): { url: string; path?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url }; // postgres.js gives its own error for it
  }
  const folder = parsed.searchParams.get("host");
  if (!folder) return { url };
  parsed.searchParams.delete("host");
  if (!folder.startsWith("/")) {
    parsed.hostname = folder;
    return { url: parsed.href };
  }
  return { url: parsed.href, path: `${folder.replace(/\/+$/, "")}/.s.PGSQL.${parsed.port || "5432"}` };
}

/** A postgres.js client for a DATABASE_URL, its `?host=` read as libpq reads it (see postgresTarget). */
export async function postgresClient(url: string, options: Options<Record<string, never>>): Promise<Sql> {
  const { default: postgres } = await import("postgres");
  const target = postgresTarget(url);
  return postgres(target.url, { path: target.path, ...options });
}
