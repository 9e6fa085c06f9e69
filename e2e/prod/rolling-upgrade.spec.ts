import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { DEFAULT_LAYOUT, restart, start, stop, type Topology } from "../../scripts/prod-like";
import { expect, startReceiver, test } from "../support/fixtures";
import { PROD_ENV } from "../support/prod-global-setup";
import { proxyHealth, proxyRoutesTo, send, TOKEN } from "../support/topology";

// A rolling upgrade across one release: the previous release (deploy/previous-release, checked out
// and built beside this checkout) runs behind the proxy, two instances and a worker, under traffic;
// this release's worker starts and applies its migrations while the old instances serve, then each
// instance is replaced in turn (SIGTERM, drain, the new code, back in the proxy's rotation), as the
// going-live guide says. No request may fail and no acknowledged write may be lost.
// Where it runs: through the production topology only. It upgrades a topology of its own, behind the proxy, under traffic.

const here = process.cwd();
const PREVIOUS = fs
  .readFileSync(path.join(here, "deploy", "previous-release"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .find((l) => /^[0-9a-f]{40}$/.test(l))!;

/** The previous release's checkout, built: made once per machine (a folder named by its commit). */
function previousRelease(): string {
  const dir = path.join(os.tmpdir(), `checkout-release-${PREVIOUS.slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync("sh", ["-c", `git archive ${PREVIOUS} | tar -x -C "${dir}"`], { cwd: here, stdio: ["ignore", "ignore", "pipe"] });
  } catch (err) {
    throw new Error(`the previous release ${PREVIOUS} is not in this clone's history (${(err as Error).message})`);
  }
  // its dependencies are a subset of this release's at the same versions: the same installed files
  // serve it (hard links, no download); if that stops being true, it gets an install of its own.
  // Packages of types alone (@types/*) may differ: they carry no code, so what it serves is the same,
  // and its build's type check then runs against this release's (Node's types followed Node 20 → 24).
  const pkg = (root: string) => JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const [old, now] = [pkg(dir), pkg(here)];
  const same = Object.entries({ ...old.dependencies, ...old.devDependencies }).every(
    ([name, spec]) => name.startsWith("@types/") || { ...now.dependencies, ...now.devDependencies }[name] === spec,
  );
  if (same) {
    execFileSync("cp", ["-al", path.join(here, "node_modules"), path.join(dir, "node_modules")]);
    for (const workspace of fs.readdirSync(path.join(here, "packages"))) {
      const modules = path.join(here, "packages", workspace, "node_modules");
      if (fs.existsSync(modules) && fs.existsSync(path.join(dir, "packages", workspace)))
        execFileSync("cp", ["-al", modules, path.join(dir, "packages", workspace, "node_modules")]);
    }
  } else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  execFileSync(path.join(dir, "node_modules", ".bin", "next"), ["build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}

test("a rolling upgrade from the previous release under traffic: no failed request, no lost write", async ({
  browserName: _,
}, testInfo) => {
  test.setTimeout(20 * 60_000);
  const old = previousRelease();
  // a topology of its own beside the suite's, every process on the previous release's code (the
  // proxy's configuration included: it is upgraded after the instances)
  const layout = {
    dir: path.join(os.tmpdir(), "checkout-rolling-upgrade"),
    httpsPort: DEFAULT_LAYOUT.httpsPort + 100,
    pgPort: DEFAULT_LAYOUT.pgPort + 100,
    smtpPort: DEFAULT_LAYOUT.smtpPort + 100,
    appPorts: DEFAULT_LAYOUT.appPorts.map((p) => p + 100),
    workerMetricsPort: DEFAULT_LAYOUT.workerMetricsPort + 100,
    prometheusPort: 0,
  };
  const t: Topology = await start(PROD_ENV, {
    layout,
    roots: { app1: old, app2: old, worker: old, caddy: old },
  });
  const sql = postgres(t.databaseUrl, { max: 2, onnotice: () => {} });
  const receiver = await startReceiver();
  let passed = false;
  try {
    const migrationsBefore = (await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0]!.n as number;
    const signUp = await send(`${t.url}/api/merchants`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `upgrade-${crypto.randomBytes(4).toString("hex")}` }),
    });
    expect(signUp.status).toBe(201);
    const { apiKey, id: merchantId } = signUp.body.responseObject;
    const headers = { "content-type": "application/json", "x-api-key": apiKey };
    const hook = await send(`${t.url}/api/webhooks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: receiver.url, events: ["session.started"] }),
    });
    expect(hook.status).toBe(201);

    // traffic: three clients create, start and read sessions, with no retries of their own, each at
    // most two sessions a second: 360 a minute, under the merchant's limit on session creation (100 a
    // minute, scaled by the suite's RATE_LIMIT_MULTIPLIER), which an unpaced client passes on a fast machine
    let stopped = false;
    const failures: string[] = [];
    const started: string[] = [];
    let answered = 0;
    const PACE_MS = 500;
    const clients = [0, 1, 2].map(async () => {
      let last = 0;
      while (!stopped) {
        const wait = last + PACE_MS - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        last = Date.now();
        const created = await send(`${t.url}/api/checkout/sessions`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            merchantId,
            amountUsdc: "12.00",
            destinationChainId: 8453,
            destinationToken: TOKEN,
            recipientAddress: TOKEN,
          }),
        });
        answered++;
        if (created.status !== 201) {
          failures.push(`${new Date().toISOString()} create ${created.status} ${JSON.stringify(created.body)?.slice(0, 200)}`);
          continue;
        }
        const id = created.body.responseObject.session.id as string;
        const start = await send(`${t.url}/api/checkout/sessions/${id}/start`, {
          method: "POST",
          headers,
          body: JSON.stringify({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
        });
        answered++;
        if (start.status !== 200) failures.push(`${new Date().toISOString()} start ${start.status}`);
        else started.push(id);
        const read = await send(`${t.url}/api/checkout/sessions/${id}`, { headers: { "x-api-key": apiKey } });
        answered++;
        if (read.status !== 200) failures.push(`${new Date().toISOString()} read ${read.status}`);
      }
    });
    const progress = async (more: number) => {
      const at = started.length;
      await expect.poll(() => started.length, { timeout: 60_000 }).toBeGreaterThan(at + more);
    };
    await progress(10);

    // this release's worker: its start applies the migrations while the old instances serve
    const began = Date.now();
    t.roots!.worker = here;
    await restart(t, "worker");
    await expect
      .poll(async () => (await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0]!.n, { timeout: 120_000 })
      .toBeGreaterThan(migrationsBefore);
    await progress(10); // the old instances keep serving on the new schema

    // then each instance, one at a time, once the proxy routes to the one before
    for (const name of ["app1", "app2"]) {
      t.roots![name] = here;
      const at = Date.now();
      await restart(t, name);
      await proxyRoutesTo(t, name, at);
      await progress(10);
    }
    stopped = true;
    await Promise.all(clients);

    expect(failures, proxyHealth(t, began - 5_000).join("\n")).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // every session acknowledged as started is there, started, on the new release; its event reached the endpoint
    const rows = await sql`select id, status from checkout_sessions where merchant_id = ${merchantId}`;
    const status = new Map(rows.map((r) => [r.id as string, r.status as string]));
    expect(started.filter((id) => status.get(id) !== "ACTIVE")).toEqual([]);
    await expect
      .poll(
        () => {
          const arrived = new Set(receiver.events().map((e) => e.sessionId));
          return started.filter((id) => !arrived.has(id));
        },
        { timeout: 60_000 },
      )
      .toEqual([]);
    // and the new release answers what the old one wrote
    const first = await send(`${t.url}/api/checkout/sessions/${started[0]}`, { headers: { "x-api-key": apiKey } });
    expect(first.status).toBe(200);
    expect((await send(`${t.url}/api/health/ready`)).status).toBe(200);
    passed = true;
  } finally {
    await receiver.close();
    await sql.end();
    // the processes' logs stay with the test's results when it failed
    if (!passed)
      for (const log of fs.readdirSync(layout.dir).filter((f) => f.endsWith(".log")))
        fs.copyFileSync(path.join(layout.dir, log), testInfo.outputPath(log));
    await stop(layout.dir);
  }
});
