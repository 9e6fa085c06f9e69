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
// issue 11: what the checkout adds above the framework's floor, and the Lighthouse mobile targets
const ADDED_BUDGET_KB = 15;
const MOBILE_RUNS = 5;
const DESKTOP_RUNS = 3;

function chromiumVersion() {
  const r = spawnSync(CHROME, ["--version"], { encoding: "utf8" });
  return (r.stdout || "").trim().split(" built")[0] || "chromium (version unknown)";
}

/** From a Lighthouse trace: when the page's first frame was painted, and when its scripts ran (ms from navigation). */
function traceFacts(events) {
  const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http"));
  if (!nav) return { firstPaint: "?", scripts: "?" };
  const ms = (e) => Math.round((e.ts - nav.ts) / 1000);
  const after = events.filter((e) => e.pid === nav.pid && e.ts >= nav.ts);
  const paint = after.find((e) => e.name === "Paint");
  const evals = after.filter((e) => e.name === "EvaluateScript" && e.args?.data?.url?.includes("/_next/")).map(ms);
  // Lantern puts every request that started before the LCP paint on the LCP's path (its pessimistic
  // graph): a script requested before the first frame costs its whole download there
  const requests = after.filter((e) => e.name === "ResourceSendRequest" && e.args?.data?.url?.includes("/_next/static/chunks/")).map(ms);
  const sent = after.filter((e) => e.name === "ResourceSendRequest" && e.args?.data?.url?.includes("/_next/static/chunks/"));
  const before = paint ? requests.filter((t) => t < ms(paint)).length : "?";
  const chunksBeforePaint = paint ? sent.filter((e) => e.ts < paint.ts).map((e) => new URL(e.args.data.url).pathname) : [];
  return {
    firstPaint: paint ? ms(paint) : "?",
    scripts: evals.length ? `${Math.min(...evals)}–${Math.max(...evals)} ms` : "none",
    chunksBeforePaint,
    requested: requests.length
      ? `${Math.min(...requests)}–${Math.max(...requests)} ms (${before} of ${requests.length} before the first frame)`
      : "none",
  };
}

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
  // BENCH_PAGE=link measures a payment link's page (/l/<slug>, a payer-chosen amount and a field) instead
  const link =
    process.env.BENCH_PAGE === "link"
      ? (
          await (
            await fetch(`${base}/api/payment-links`, {
              method: "POST",
              headers: { "x-api-key": m.apiKey },
              body: JSON.stringify({
                title: "Tip jar",
                minAmount: "1.00",
                maxAmount: "100.00",
                fields: [{ key: "name", required: false }],
                destinationChainId: 8453,
                destinationToken: token,
                recipientAddress: token,
              }),
            })
          ).json()
        ).responseObject
      : null;
  const url = link ? link.url : `${base}/checkout?session=${s.session.id}`;
  const label = link ? "/l/<slug>" : "/checkout";

  // what the browser must download before the page is interactive: every script the HTML loads
  const kb = (n) => (n / 1024).toFixed(1);
  const sizes = new Map();
  async function firstLoad(pageUrl) {
    const html = await (await fetch(pageUrl)).text();
    // a browser that runs modules skips the legacy polyfills' <script nomodule>: not counted
    const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((x) => !/\snomodule/i.test(x[0]));
    const scripts = [...new Set(tags.map((x) => x[1]))];
    for (const src of scripts) {
      if (sizes.has(src)) continue;
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      sizes.set(src, { raw: body.length, gz: zlib.gzipSync(body, { level: 6 }).length });
    }
    const sum = (k) => scripts.reduce((n, src) => n + sizes.get(src)[k], 0);
    return { scripts, raw: sum("raw"), gz: sum("gz") };
  }
  // The framework's floor: an App Router page with no client component, in the same build. The
  // landing page is not one: it renders v1 order links too (app/page.tsx imports CheckoutForLink),
  // so its client manifest holds the checkout's components and it loads the checkout's chunks. The
  // built-in not-found page (/_not-found: the root layout, which has no client component, and
  // Next.js's own not-found server component) is; any unknown path renders it.
  const ours = await firstLoad(url);
  const floor = await firstLoad(`${base}/bench-floor-no-such-page`);
  const missing = floor.scripts.filter((src) => !ours.scripts.includes(src));
  if (missing.length) throw new Error(`the floor loads scripts the checkout does not: ${missing.join(", ")}`);
  const added = ours.scripts.filter((src) => !floor.scripts.includes(src));
  const addedGz = ours.gz - floor.gz;
  console.log(`\nFirst-load JavaScript, gzipped (level 6), every <script src> of the page's HTML but nomodule`);
  console.log(`  ${label.padEnd(31)} ${kb(ours.gz).padStart(6)} KB  (${ours.scripts.length} scripts, ${kb(ours.raw)} KB raw)`);
  console.log(
    `  floor: page, no client comp.    ${kb(floor.gz).padStart(6)} KB  (${floor.scripts.length} scripts, ${kb(floor.raw)} KB raw)`,
  );
  console.log(
    `  ${(link ? "the link page adds" : "the checkout adds").padEnd(31)} ${kb(addedGz).padStart(6)} KB  (target <= ${ADDED_BUDGET_KB} KB: ${addedGz / 1024 <= ADDED_BUDGET_KB ? "met" : "NOT MET"})`,
  );
  for (const src of added)
    console.log(`    + ${src.padEnd(44)} ${kb(sizes.get(src).gz).padStart(6)} KB gz  ${kb(sizes.get(src).raw).padStart(6)} KB raw`);
  console.log(`  absolute budget ${BUDGET_KB} KB: ${ours.gz / 1024 <= BUDGET_KB ? "met" : "NOT MET"}`);

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    // Lighthouse's own launcher flags plus headless; not --disable-gpu: with it, headless Chromium here
    // reported the first frame's paint only with the next frame (about a second later on the checkout),
    // which put every script on the simulated LCP's path
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
  const floorUrl = `${base}/bench-floor-no-such-page`;
  for (let i = 0; i < 3; i++) for (const u of [url, floorUrl]) await (await fetch(u)).text(); // warm, as a payer meets it
  // The same Lighthouse runs of the floor page, so the checkout's score reads against what the
  // framework alone scores on this machine (it answers 404, so Lighthouse is told to measure it anyway)
  const measure = async (pageUrl, config, runsWanted, extra = {}) => {
    const runs = [];
    for (let i = 0; i < runsWanted; i++) {
      const result = await lighthouse(
        pageUrl,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], ...extra },
        config,
      );
      runs.push({ lhr: result.lhr, trace: traceFacts(result.artifacts.Trace?.traceEvents ?? []) });
    }
    const scores = runs.map((r) => Math.round(r.lhr.categories.performance.score * 100));
    // the median run by performance score (runs are odd in number); every run's score is printed too
    const sorted = [...runs].sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const { lhr, trace } = sorted[Math.floor(sorted.length / 2)];
    const a = lhr.audits;
    const m = a.metrics.details.items[0];
    return {
      scores,
      perf: Math.round(lhr.categories.performance.score * 100),
      a11y: Math.min(...runs.map((r) => Math.round(r.lhr.categories.accessibility.score * 100))),
      fcp: a["first-contentful-paint"].displayValue,
      lcp: a["largest-contentful-paint"].displayValue,
      tbt: a["total-blocking-time"].displayValue,
      cls: a["cumulative-layout-shift"].displayValue,
      chunksBeforePaint: trace.chunksBeforePaint ?? [],
      observed: `first frame painted ${trace.firstPaint} ms, scripts requested ${trace.requested}, run ${trace.scripts}, FCP/LCP reported ${m.observedFirstContentfulPaint}/${m.observedLargestContentfulPaint} ms`,
      lhr,
    };
  };
  const rows = [
    ["mobile (default throttling)", await measure(url, undefined, MOBILE_RUNS)],
    ["floor, mobile (same runs)", await measure(floorUrl, undefined, MOBILE_RUNS, { ignoreStatusCode: true })],
    ["desktop", await measure(url, desktopConfig, DESKTOP_RUNS)],
  ];
  const mobile = rows[0][1];
  const floorMobile = rows[1][1];
  console.log(
    `\nLighthouse ${mobile.lhr.lighthouseVersion} in ${mobile.lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0]}, median run by performance (mobile ${MOBILE_RUNS} runs, desktop ${DESKTOP_RUNS}); a11y is the lowest of the runs\n`,
  );
  console.log("form factor [each run's perf]                  perf  a11y  FCP       LCP       TBT       CLS");
  for (const [name, r] of rows)
    console.log(
      `${`${name} [${r.scores.join(", ")}]`.padEnd(46)} ${String(r.perf).padStart(4)}  ${String(r.a11y).padStart(4)}  ${r.fcp.padEnd(8)}  ${r.lcp.padEnd(8)}  ${r.tbt.padEnd(8)}  ${r.cls}`,
    );
  // issue 27: 97, or the floor page's own score in the same runs if that is lower
  const perfTarget = Math.min(97, floorMobile.perf);
  console.log(
    `\nmobile performance ${mobile.perf} (target >= ${perfTarget}: 97, or the floor's own score): ${mobile.perf >= perfTarget ? "met" : "NOT MET"}`,
  );
  console.log(`  the floor's mobile performance ${floorMobile.perf}; ours/floor ${(mobile.perf / floorMobile.perf).toFixed(2)}`);
  console.log(`mobile accessibility ${mobile.a11y} (target 100): ${mobile.a11y === 100 ? "met" : "NOT MET"}`);
  // what the median mobile run spent its time on, so a miss is explainable. Lantern (simulated
  // throttling) counts every script that ran before the paint Chromium reported as LCP on the LCP's path.
  console.log(`  unthrottled trace of the median run: ${mobile.observed}`);
  console.log(`  the floor's:                         ${floorMobile.observed}`);
  // the chunks requested before the first frame by the checkout and not by the floor: on the LCP's path
  const extra = mobile.chunksBeforePaint.filter((c) => !floorMobile.chunksBeforePaint.includes(c));
  if (extra.length) {
    const withSizes = await Promise.all(
      extra.map(async (c) => `${c.split("/").pop()} ${kb((await (await fetch(new URL(c, base))).arrayBuffer()).byteLength)} KB raw`),
    );
    console.log(`  chunks requested before the first frame that the floor does not request: ${withSizes.join(", ")}`);
  }
  const ma = mobile.lhr.audits;
  const lcpPhases = ma["largest-contentful-paint-element"]?.details?.items?.[1]?.items;
  if (lcpPhases) console.log(`  LCP phases: ${lcpPhases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ")}`);
  const lcpNode = ma["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcpNode) console.log(`  LCP element: ${lcpNode.slice(0, 120)}`);
  const boot = ma["bootup-time"]?.details?.items ?? [];
  console.log(
    `  main-thread time by script (bootup-time): ${boot
      .slice(0, 6)
      .map((i) => `${String(i.url).split("/").pop()} ${Math.round(i.total)} ms (script ${Math.round(i.scripting)})`)
      .join(", ")}`,
  );
  const tasks = ma["long-tasks"]?.details?.items ?? [];
  console.log(
    `  long tasks: ${tasks.length ? tasks.map((t) => `${String(t.url).split("/").pop() || "(page)"} ${Math.round(t.duration)} ms at ${Math.round(t.startTime)}`).join(", ") : "none"}`,
  );
  const failedA11y = Object.values(mobile.lhr.categories.accessibility.auditRefs)
    .map((r) => ma[r.id])
    .filter((x) => x && x.score !== null && x.score < 1);
  if (failedA11y.length) console.log(`  accessibility audits failing: ${failedA11y.map((x) => x.id).join(", ")}`);
  const cpu = os.cpus();
  console.log(
    `\n${cpu.length} cores (${cpu[0]?.model.trim()}), node ${process.version}, ${chromiumVersion()}, load average ${os
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
