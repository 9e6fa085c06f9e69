import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { Limiter } from "./limiter";
import { fetchQuotes, ServiceError } from "./services";

// The process-wide limit on calls to a ZKP2P service, against a slow stand-in over HTTP: it counts
// the requests it holds at once, as the real service's throttle would see them.

let held = 0;
let mostAtOnce = 0;
let answered = 0;
let holdMs = 300;
const server = http.createServer((req, res) => {
  held++;
  mostAtOnce = Math.max(mostAtOnce, held);
  req.resume();
  setTimeout(() => {
    held--;
    answered++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ success: true, message: "ok", statusCode: 200, responseObject: { quotes: [] } }));
  }, holdMs);
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const SETTINGS = {
  DATA_DIR: "memory://",
  ZKP2P_RPC_URL: "http://127.0.0.1:1",
  ZKP2P_ATTESTATION_URL: "http://127.0.0.1:1",
  ZKP2P_TAKER_KEYS: KEY,
};
const outer = new Map<string, string | undefined>();
/** Sets the real rail's settings (against the stand-in) for one test; afterEach puts the old ones back. */
function withSettings(extra: Record<string, string>) {
  for (const [k, v] of Object.entries({ ...SETTINGS, ZKP2P_API_URL: url, ...extra })) {
    if (!outer.has(k)) outer.set(k, process.env[k]);
    process.env[k] = v;
  }
  resetConfigForTests();
}
afterEach(() => {
  for (const [k, v] of outer) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  outer.clear();
  resetConfigForTests();
  mostAtOnce = 0;
  answered = 0;
  holdMs = 300;
});

const ask = (amount: number) =>
  fetchQuotes(
    url,
    {
      platforms: ["venmo"],
      fiatCurrency: "USD",
      amount: String(amount),
      exactFiat: false,
      user: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      chainId: 8453,
      usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      escrows: [],
    },
    10_000,
  );

describe("the process's limit on calls to a ZKP2P service", () => {
  it("holds a burst of quote calls to ZKP2P_SERVICE_CONCURRENCY at once; those that would wait too long fail as busy, to be tried again", async () => {
    withSettings({ ZKP2P_SERVICE_CONCURRENCY: "quote=2", ZKP2P_SERVICE_RATE: "100", ZKP2P_SERVICE_QUEUE_WAIT: "1s" });
    // twelve calls of 300 ms, two at a time, take 1.8 s: the last ones cannot start within the wait of 1 s
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => ask(1_000_000 + i)));
    expect(mostAtOnce).toBe(2);
    const failed = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason as unknown);
    expect(failed.length).toBeGreaterThan(0);
    expect(outcomes.length - failed.length).toBeGreaterThanOrEqual(4);
    for (const err of failed) expect(err).toMatchObject({ constructor: ServiceError, service: "quote", kind: "retry" });
    // a call refused as busy never reached the service
    expect(answered).toBe(outcomes.length - failed.length);
  });

  it("takes a service's own number from ZKP2P_SERVICE_CONCURRENCY (quote=1: one quote call at a time)", async () => {
    withSettings({ ZKP2P_SERVICE_CONCURRENCY: "quote=1,tier=5" });
    await Promise.all([ask(1), ask(2), ask(3)]);
    expect(mostAtOnce).toBe(1);
  });

  it("starts at most ZKP2P_SERVICE_RATE calls in any second", async () => {
    const limiter = new Limiter({ concurrency: 10, perSecond: 3, maxWaitMs: 5_000 }, (why) => new Error(why));
    const startedAt: number[] = [];
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 7 }, () => limiter.run(async () => void startedAt.push(Date.now() - t0))));
    startedAt.sort((a, b) => a - b);
    for (let i = 3; i < startedAt.length; i++) expect(startedAt[i]! - startedAt[i - 3]!).toBeGreaterThanOrEqual(999);
  });

  it("keeps a bounded queue: a call that finds it full fails at once, and a waiting one when its wait is over", async () => {
    const limiter = new Limiter({ concurrency: 1, perSecond: 2, maxWaitMs: 1_000 }, (why) => new Error(`busy: ${why}`));
    expect(limiter.maxQueued).toBe(2);
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((r) => (release = r)));
    const waiting = [limiter.run(async () => "second"), limiter.run(async () => "third")];
    await expect(limiter.run(async () => "fourth")).rejects.toThrow(/busy: too many calls are waiting/);
    expect(limiter.load).toEqual({ active: 1, queued: 2 });
    await expect(waiting[0]).rejects.toThrow(/busy: no turn within 1s/);
    await expect(waiting[1]).rejects.toThrow(/busy/);
    release();
    await first;
    expect(limiter.load).toEqual({ active: 0, queued: 0 });
    await expect(limiter.run(async () => "after")).resolves.toBe("after");
  });
});
