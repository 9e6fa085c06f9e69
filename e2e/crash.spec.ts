import { expect, startReceiver, test } from "./support/fixtures";
import { OwnServer } from "./support/server";

// The server is killed (SIGKILL) in the middle of a burst of events. After a restart on the same
// data, every event reaches the merchant's endpoint; the receiver dedupes repeats by X-Webhook-Id.
// Where it runs: directly. It kills its own server, on its own data, mid-burst.

const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const BURST = 40; // sessions: 80 events, within one page of the events and deliveries read below

test("a server killed mid-burst loses no event", async () => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  const receivedIds = () => receiver.events().map((e) => e.webhookId);
  const hookUrl = receiver.url;
  const server = new OwnServer({ WEBHOOK_TIMEOUT: "1s" });
  try {
    await server.start();
    const base = server.base;
    const signup = await (
      await fetch(`${base}/api/merchants`, { method: "POST", body: JSON.stringify({ name: `crash-${Date.now()}` }) })
    ).json();
    const { id, apiKey } = signup.responseObject;
    const headers = { "x-api-key": apiKey, "content-type": "application/json" };
    const hookRes = await fetch(`${base}/api/webhooks`, { method: "POST", headers, body: JSON.stringify({ url: hookUrl }) });
    expect(hookRes.status).toBe(201);
    const hookId = (await hookRes.json()).responseObject.id as string;

    // a burst: 40 sessions started one after another, 80 events; the server dies part-way through,
    // once a few starts have been answered and deliveries are going out (however fast the machine)
    let started = 0;
    const burst = (async () => {
      for (let i = 0; i < BURST; i++) {
        const s = await fetch(`${base}/api/checkout/sessions`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            merchantId: id,
            amountUsdc: "10.00",
            destinationChainId: 8453,
            destinationToken: TOKEN,
            recipientAddress: TOKEN,
          }),
        }).then((r) => r.json());
        await fetch(`${base}/api/checkout/sessions/${s.responseObject.session.id}/start`, {
          method: "POST",
          headers,
          body: JSON.stringify({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
        });
        started++;
      }
    })().catch(() => "interrupted");
    await expect.poll(() => started >= 5 && receiver.events().length >= 2, { timeout: 30_000, intervals: [5] }).toBe(true);
    await server.kill("SIGKILL");
    await burst;
    const acknowledged = started; // starts whose answer the client saw before the crash
    expect(acknowledged).toBeGreaterThan(0);
    expect(acknowledged).toBeLessThan(BURST); // the kill really came in the middle of the burst

    await server.start(); // the same data folder
    const events = async () =>
      (await (await fetch(`${base}/api/events?limit=100`, { headers })).json()).responseObject.events as { id: string; type: string }[];
    // every start the client saw succeed left its two events behind
    expect((await events()).filter((e) => e.type === "order.created").length).toBeGreaterThanOrEqual(acknowledged);
    const all = (await events()).map((e) => e.id).sort();
    await expect.poll(() => [...new Set(receivedIds())].sort(), { timeout: 60_000 }).toEqual(all);
    // and every delivery row says so
    const statuses = async () =>
      (
        (await (await fetch(`${base}/api/webhooks/${hookId}/deliveries?limit=100`, { headers })).json()).responseObject.deliveries as {
          status: string;
        }[]
      ).map((d) => d.status);
    await expect.poll(async () => (await statuses()).filter((st) => st !== "DELIVERED"), { timeout: 30_000 }).toEqual([]);
    expect(await statuses()).toHaveLength(all.length);
  } finally {
    await server.kill();
    await receiver.close();
  }
});
