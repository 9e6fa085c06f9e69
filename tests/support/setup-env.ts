import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";

// Runs in each worker before a test file is imported: points the app at the file's own database.
if (process.env.TEST_DB === "postgres") {
  const template = inject("pgTemplate");
  const name = `${template.replace(/_template$/, "")}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = new URL(inject("pgAdminUrl"));
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // 32 random bytes each, as a deployment's must be (lib/core/config/secrets.ts)
  process.env.APP_SECRET = "pkyvKszwvQkWI13ZILiIXOvr3vldosJESEXHuR6wpQE";
  process.env.NEXTAUTH_SECRET = "anXA1awB-5woEvUWK7d3yQnFtXKJG6axdsbtk1RZW00";
} else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = "memory://";
}
process.env.LOG_LEVEL = "error";
process.env.APP_URL = "http://checkout.test";
// the handlers are called as if one proxy of ours stood in front and forwarded each client's address
process.env.TRUSTED_PROXIES = "1";

// On PGlite, the file's database starts from the run's migrated copy (pglite-global-setup.ts). It goes
// where getDb() keeps the process's database (db/client.ts), so the first getDb() answers it; a test
// that closes it and changes DATA_DIR opens its own as before.
const pgliteCopy = process.env.TEST_DB === "postgres" ? undefined : inject("pgliteTemplate");
if (pgliteCopy) {
  const { openPglite } = await import("@/db/client");
  const holder = globalThis as { __checkoutDb?: ReturnType<typeof openPglite> };
  holder.__checkoutDb = openPglite("memory://", { loadDataDir: new Blob([fs.readFileSync(pgliteCopy)]) });
}
