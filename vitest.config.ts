import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import postgres from "postgres";
import RailFirstSequencer from "./tests/support/sequencer";
import { extraCaCerts } from "./tests/support/tls";

// The API suite runs twice: on embedded PGlite, and on PostgreSQL when one answers
// (TEST_DATABASE_URL, or the local server at 127.0.0.1:5432). Concurrency tests need PostgreSQL.
const pgAdminUrl = await resolveTestDatabaseUrl();
const alias = { "@": path.resolve(import.meta.dirname) };
// An API file runs on both databases unless it says, in a line of its own with the reason, that the
// embedded database adds nothing to what it checks ("// Databases: PostgreSQL only: <why>"): a second
// run of such a file costs its imports and a database, and checks the same code again. Without a
// PostgreSQL server those files run on PGlite, so nothing is left out.
const postgresOnly = pgAdminUrl ? apiFilesOnPostgresOnly("tests/api") : [];
// Webhook receivers in tests serve https://localhost with a certificate from a test CA. Node reads
// NODE_EXTRA_CA_CERTS only when a process starts, so it is set here, before the forked workers (and
// the processes they spawn) start, and they inherit it. Verification itself is never turned off.
process.env.NODE_EXTRA_CA_CERTS = extraCaCerts();
const shared = { environment: "node" as const, testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    // One test file per core. Vitest's own default for a run is one fewer (a single worker on two
    // cores), which left a core idle while a file waited on PostgreSQL, a server or a timer: on two
    // cores the whole suite took 544 s with one worker and 367 s with two (2026-11-27).
    maxWorkers: os.availableParallelism(),
    // the rail's files first: they mostly wait, and coming last they were the run's tail (sequencer.ts)
    sequence: { sequencer: RailFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "unit",
          include: ["lib/**/*.test.ts", "db/**/*.test.ts", "packages/*/test/**/*.test.ts"],
          // one module graph per worker rather than per file: a unit file's own imports were most of
          // its cost (62 s of the project's 73 s, 2026-12-03). What a file changes of the process is
          // put back after it (unit-file-env.ts).
          isolate: false,
          setupFiles: ["tests/support/unit-file-env.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "api-pglite",
          include: ["tests/api/**/*.test.ts"],
          exclude: postgresOnly,
          globalSetup: ["tests/support/pglite-global-setup.ts"],
          setupFiles: ["tests/support/setup-env.ts"],
          env: { TEST_DB: "pglite" },
        },
      },
      // the real rail against the local chain (rail-local/): on PostgreSQL when one answers, as deployed
      {
        resolve: { alias },
        test: {
          ...shared,
          name: "rail",
          include: ["tests/rail/**/*.test.ts"],
          setupFiles: ["tests/support/setup-env.ts"],
          ...(pgAdminUrl
            ? { globalSetup: ["tests/support/pg-global-setup.ts"], env: { TEST_DB: "postgres", TEST_PG_ADMIN_URL: pgAdminUrl } }
            : { env: { TEST_DB: "pglite" } }),
        },
      },
      ...(pgAdminUrl
        ? [
            {
              resolve: { alias },
              test: {
                ...shared,
                name: "api-postgres",
                include: ["tests/api/**/*.test.ts", "tests/postgres/**/*.test.ts"],
                globalSetup: ["tests/support/pg-global-setup.ts"],
                setupFiles: ["tests/support/setup-env.ts"],
                env: { TEST_DB: "postgres", TEST_PG_ADMIN_URL: pgAdminUrl },
              },
            },
          ]
        : []),
    ],
  },
});

/** The API files that say they run on PostgreSQL only; throws for a file whose line gives no reason. */
function apiFilesOnPostgresOnly(dir: string): string[] {
  const files = fs.readdirSync(path.join(import.meta.dirname, dir)).filter((f) => f.endsWith(".test.ts"));
  return files.flatMap((file) => {
    const line = /^\/\/ Databases: (.*)$/m.exec(fs.readFileSync(path.join(import.meta.dirname, dir, file), "utf8"))?.[1];
    if (line === undefined) return [];
    if (!/^PostgreSQL only: \S/.test(line)) throw new Error(`${dir}/${file}: "// Databases:" must say "PostgreSQL only: <why>"`);
    return [`${dir}/${file}`];
  });
}

/** TEST_DATABASE_URL if set, else the local server if it answers within 2 s, else none. */
async function resolveTestDatabaseUrl(): Promise<string | undefined> {
  const local = "postgres://postgres@127.0.0.1:5432/postgres";
  const explicit = process.env.TEST_DATABASE_URL;
  const sql = postgres(explicit || local, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return explicit || local;
  } catch (err) {
    if (explicit) throw new Error(`TEST_DATABASE_URL does not answer: ${(err as Error).message}`);
    console.warn(`[tests] no PostgreSQL at ${local}: the API suite runs on PGlite only and the concurrency tests are left out`);
    return undefined;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}
