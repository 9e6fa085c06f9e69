import { inject } from "vitest";

// Runs in each worker before a test file is imported: points the app at the test database.
if (process.env.TEST_DB === "postgres") {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.APP_SECRET = "test-app-secret";
  process.env.NEXTAUTH_SECRET = "test-nextauth-secret";
} else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = "memory://";
}
process.env.LOG_LEVEL = "error";
process.env.APP_URL = "http://checkout.test";
