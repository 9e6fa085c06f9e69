#!/usr/bin/env node
// Checkout page budget: first-load JavaScript (gzipped) and Lighthouse scores in Debian's Chromium,
// against the built app on a throw-away embedded database. `npm run bench:checkout`
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const root = path.resolve(import.meta.dirname, "..");
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const BUDGET_KB = 120;

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("· no build yet: next build");
  const r = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-bench-"));
const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port)], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
let chrome;
let exitCode = 0;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const m = (
    await (
      await fetch(`${base}/api/merchants`, {
        method: "POST",
        body: JSON.stringify({ name: `bench-${Date.now()}`, displayName: "Corner Coffee" }),
      })
    ).json()
  ).responseObject;
  const token = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  const s = (
    await (
      await fetch(`${base}/api/checkout/sessions`, {
        method: "POST",
        headers: { "x-api-key": m.apiKey },
        body: JSON.stringify({
          merchantId: m.id,
          amountUsdc: "42.50",
          destinationChainId: 8453,
          destinationToken: token,
          recipientAddress: token,
        }),
      })
    ).json()
  ).responseObject;
  const url = `${base}/checkout?session=${s.session.id}`;

  // what the browser must download before the page is interactive: every script the HTML loads
  const html = await (await fetch(url)).text();
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((x) => x[1]))];
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gz += zlib.gzipSync(body, { level: 6 }).length;
  }
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    `\nFirst-load JavaScript of /checkout: ${scripts.length} scripts, ${kb(raw)} KB raw, ${kb(gz)} KB gzipped (budget ${BUDGET_KB} KB: ${gz / 1024 <= BUDGET_KB ? "met" : "NOT MET"})`,
  );

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
  for (let i = 0; i < 3; i++) await (await fetch(url)).text(); // a warm server, as a payer meets it
  const RUNS = 3;
  const rows = [];
  for (const [name, config] of [
    ["mobile (default throttling)", undefined],
    ["desktop", desktopConfig],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
        config,
      );
      runs.push(result.lhr);
    }
    // the median run by performance score; every run's score is printed too
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(RUNS / 2)];
    const a = lhr.audits;
    rows.push([
      `${name} [${runs.map((r) => Math.round(r.categories.performance.score * 100)).join(", ")}]`,
      Math.round(lhr.categories.performance.score * 100),
      Math.round(lhr.categories.accessibility.score * 100),
      a["first-contentful-paint"].displayValue,
      a["largest-contentful-paint"].displayValue,
      a["total-blocking-time"].displayValue,
    ]);
  }
  console.log(`\nLighthouse 12 in Debian's Chromium, median of ${RUNS} runs (targets: performance >= 90, accessibility 100)\n`);
  console.log("form factor [each run's perf]             perf  a11y  FCP       LCP       TBT");
  for (const r of rows)
    console.log(
      `${r[0].padEnd(41)} ${String(r[1]).padStart(4)}  ${String(r[2]).padStart(4)}  ${r[3].padEnd(8)}  ${r[4].padEnd(8)}  ${r[5]}`,
    );
  console.log(
    `\n${os.cpus().length} cores, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} catch (err) {
  console.error(`benchmark failed: ${err.stack ?? err}`);
  exitCode = 1;
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
