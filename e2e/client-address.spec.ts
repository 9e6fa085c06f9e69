import { expect, test } from "./support/fixtures";
import { OwnServer } from "./support/server";

// `npm start` with no proxy in front (TRUSTED_PROXIES unset): the client's address is the
// connection's own, so a client cannot escape the per-address sign-up limit by sending a new
// X-Forwarded-For each time. (Through the proxy: e2e/prod/faults.spec.ts.)
// Where it runs: directly. It is about the service with no proxy in front.

test("with no trusted proxy, X-Forwarded-For does not change whose sign-ups are counted", async () => {
  test.setTimeout(120_000);
  const server = new OwnServer();
  try {
    await server.start();
    const remaining: number[] = [];
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const res = await fetch(`${server.base}/api/merchants`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forged },
        body: JSON.stringify({ name: `addr-${Date.now()}-${forged.slice(-1)}` }),
      });
      expect(res.status).toBe(201);
      remaining.push(Number(res.headers.get("ratelimit-remaining")));
    }
    // one address, one window: each sign-up spends from the same allowance of 20
    expect(remaining).toEqual([19, 18, 17]);
  } finally {
    await server.kill();
  }
});
