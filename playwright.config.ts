import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { specsByWhereTheyRun, TOPOLOGY_TAG } from "./e2e/support/where";
import { extraCaCerts, testCertificates } from "./tests/support/tls";

// Two shapes of the service, each with its own project:
// - "direct": `npm start` exactly as a new user runs it (embedded database, one process, plain HTTP
//   at http://localhost:<port>); every spec outside e2e/prod/ runs here;
// - "prod": the production topology of scripts/prod-like.ts (Caddy terminating TLS at
//   https://localhost:8443 → two instances → PostgreSQL, plus a worker), started by the global set-up.
//   It runs the fault tests of e2e/prod/, and the journeys tagged @topology: those whose subject the
//   proxy, TLS, two instances or the worker change.
// Each spec says which, and why, in a line of its own (e2e/support/where.ts); the configuration
// refuses to load while one does not.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const directURL = `http://localhost:${PORT}`;
const PROD_PORT = Number(process.env.PROD_LIKE_PORT ?? 8443);
/** Scales every rate limit: the suites sign up more merchants from one address than a real client would. */
const RATE_LIMIT_MULTIPLIER = 5;
const specs = specsByWhereTheyRun(path.join(import.meta.dirname, "e2e"));
// Either project can be left out: `npm test` runs the direct one beside vitest, then the topology
// (scripts/test-all.mjs). PROD_LIKE=off also suits a machine without Caddy; CI never leaves one out.
const DIRECT = process.env.E2E_DIRECT !== "off";
const TOPOLOGY = process.env.PROD_LIKE !== "off";

// The servers' mail goes to the mailbox of tests/support/mailbox.ts, started by the global set-up on
// a fixed port, which keeps each message as a JSON file in E2E_MAILBOX (tests read it with
// waitForMail). Set here, in the main process, the test workers inherit both. SMTP_URL itself is set
// too: the servers tests start themselves (e2e/support/server.ts) inherit it, and no test mail ever
// reaches a server of the developer's own.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
process.env.E2E_MAILBOX ??= path.join(os.tmpdir(), `checkout-mailbox-${process.pid}`);
process.env.E2E_SMTP_URL ??= `smtp://mailbox:mailbox@localhost:${SMTP_PORT}`;
process.env.SMTP_URL = process.env.E2E_SMTP_URL;

// Webhook receivers and the proxy use certificates from a local CA. Node trusts it through
// NODE_EXTRA_CA_CERTS, read when a process starts: set here, the test workers and servers inherit it.
const certs = testCertificates();
process.env.NODE_EXTRA_CA_CERTS = extraCaCerts();
// Chromium trusts the certificate of that CA's key for localhost, and nothing else more than usual
const spki = crypto
  .createHash("sha256")
  .update(new crypto.X509Certificate(fs.readFileSync(certs.certFile)).publicKey.export({ type: "spki", format: "der" }))
  .digest("base64");
// Debian's headless shell of Chromium (package chromium-headless-shell): Blink and V8 of the same
// release as the browser, without its windowing and GPU processes, as Playwright itself runs headless
// tests. Against the full browser it took a third less CPU for the same tests (2026-12-03: three specs,
// 77 -> 53 CPU-s) on a machine whose cores the suite keeps busy. E2E_BROWSER=/usr/bin/chromium runs the
// full browser instead.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.E2E_BROWSER ?? "/usr/bin/chromium-headless-shell",
    args: [`--ignore-certificate-errors-spki-list=${spki}`],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two workers for the direct project (its tests are independent; the topology's project has one):
  // its time is mostly waiting (pages, timers, webhooks, mail), so one at a time it was the longest
  // part of `npm test` (2026-12-03: 21.2 min alone with one worker, 8.6 min with two, 84 % of two
  // cores busy). E2E_WORKERS=1 runs one test at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Time limits here only catch a hang: `npm test` runs this suite beside vitest on two cores, and
  // an axe scan or a full-page screenshot can take many seconds under that load. Speed is measured
  // by the benchmarks (bench/), never by a test's time limit. A dashboard journey signs up, allows
  // its payout addresses (confirming the password) and sweeps axe over its pages in both schemes and
  // two widths: over 90 s on a loaded CI machine.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  globalSetup: "./e2e/support/prod-global-setup.ts",
  // A failed test keeps its trace (test-results/) to open with `npx playwright show-trace`. Recording
  // one costs every test, passed or not, a fifth of its CPU (2026-12-03: four specs, 233 -> 188 CPU-s),
  // so E2E_TRACE=off records none: .ci/run does, as nobody opens a CI run's.
  // Reduced motion: colour transitions must not be caught half-way by the accessibility checks.
  use: { trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure", reducedMotion: "reduce" },
  projects: [
    ...(DIRECT
      ? [
          {
            name: "direct",
            testIgnore: ["prod/**"],
            // each project's failures in a folder of its own: a run of one project empties only its own
            outputDir: "test-results/direct",
            metadata: { database: "pglite", rateLimitMultiplier: RATE_LIMIT_MULTIPLIER },
            use: { ...chromium, baseURL: directURL },
          },
        ]
      : []),
    ...(TOPOLOGY
      ? [
          {
            name: "prod",
            outputDir: "test-results/prod",
            // one topology for every test: a fault test must not kill a process under another test
            workers: 1,
            testMatch: [...specs.tagged, ...specs.topology],
            // from the journeys, the tests tagged @topology; from e2e/prod/, every test (the file is in the title grep reads)
            grep: [new RegExp(TOPOLOGY_TAG), /(^| )prod\/\S+\.spec\.ts /],
            metadata: { database: "postgres", rateLimitMultiplier: RATE_LIMIT_MULTIPLIER },
            use: { ...chromium, baseURL: `https://localhost:${PROD_PORT}` },
          },
        ]
      : []),
  ],
  // the direct project's server, started only when that project runs
  webServer: !DIRECT
    ? undefined
    : {
        // builds first when there is no build, exactly as a user's `npm start`
        command: `node scripts/start.mjs -p ${PORT}`,
        url: `${directURL}/api/health`,
        reuseExistingServer: false,
        timeout: 240_000,
        gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
        stdout: "ignore",
        stderr: "pipe",
        env: {
          DATA_DIR: path.join(os.tmpdir(), `checkout-e2e-${process.pid}`),
          APP_URL: directURL,
          ALLOW_PRIVATE_WEBHOOK_URLS: "true",
          RATE_LIMIT_MULTIPLIER: String(RATE_LIMIT_MULTIPLIER),
          NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS,
          SMTP_URL: process.env.E2E_SMTP_URL,
          MAIL_FROM: "Checkout <no-reply@localhost>",
          LOG_LEVEL: "warn",
          NEXT_TELEMETRY_DISABLED: "1",
        },
      },
});
