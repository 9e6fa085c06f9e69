import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { createMerchant, expect, startReceiver, test } from "./support/fixtures";

// checkout-cli against the running app, as a merchant's developer runs it: `listen` forwards the
// merchant's events to an endpoint on this machine, `trigger` makes events happen in the sandbox.
// Where it runs: directly. The CLI talks to one service over HTTP; the topology adds nothing it uses.

const CLI = path.resolve("bin/checkout-cli.mjs");
const run = promisify(execFile);

type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

/** A local endpoint that keeps every request's raw body and headers; it can go away and come back. */
async function localEndpoint() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    ids: () => received.map((r) => JSON.parse(r.body).id as string),
    down: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
    up: () => new Promise<void>((r) => server.listen(port, "127.0.0.1", r)),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** `checkout-cli listen` as a child process, its output collected line by line. */
function startListen(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [CLI, "listen", ...args], { env: { ...process.env, ...env } });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return {
    output: () => out,
    async ready(): Promise<string> {
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/Ready\. Signing with whsec_\S+/);
      return /Ready\. Signing with (whsec_\S+)/.exec(out)![1]!;
    },
    /** Ctrl-C */
    async stop(): Promise<number | null> {
      child.kill("SIGINT");
      return exited;
    },
  };
}

test("listen forwards triggered events signed like deliveries, resumes after a restart and retries an endpoint that is down", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const m = await createMerchant(request);
  const env = { CHECKOUT_API_KEY: m.apiKey, CHECKOUT_BASE_URL: baseURL! };
  const state = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "checkout-cli-")), "listen.json");
  const endpoint = await localEndpoint();
  const trigger = async (event: string) => {
    const { stdout } = await run(process.execPath, [CLI, "trigger", event], { env: { ...process.env, ...env } });
    const session = /Session (sess_\w+)/.exec(stdout)![1]!;
    expect(stdout).toContain(event === "cancel" ? "session.abandoned" : event);
    return session;
  };
  /** The merchant's events of a session, as GET /api/events lists them, oldest first. */
  const eventsOf = async (sessionId: string) => {
    const res = await request.get(`/api/events?sessionId=${sessionId}`, { headers: { "x-api-key": m.apiKey } });
    return (
      (await res.json()).responseObject.events as {
        id: string;
        type: string;
        sessionId: string;
        orderId: string | null;
        createdAt: string;
      }[]
    ).reverse();
  };
  const forwardTo = `localhost:${endpoint.port}/hook`;

  try {
    let listen = startListen(["--forward-to", forwardTo, "--state", state], env);
    const secret = await listen.ready();

    await test.step("a triggered event is forwarded with the delivery's body and a valid signature", async () => {
      const session = await trigger("order.payment_sent");
      const expected = await eventsOf(session);
      expect(expected.map((e) => e.type)).toContain("order.payment_sent");
      await expect.poll(() => endpoint.ids(), { timeout: 20_000 }).toEqual(expected.map((e) => e.id));
      const wh = new Webhook(secret);
      for (const [i, r] of endpoint.received.entries()) {
        const verified = wh.verify(r.body, {
          "webhook-id": String(r.headers["webhook-id"]),
          "webhook-timestamp": String(r.headers["webhook-timestamp"]),
          "webhook-signature": String(r.headers["webhook-signature"]),
        }) as { id: string; type: string };
        const { sessionId: _s, orderId: _o, createdAt: _c, ...payload } = expected[i]!;
        expect(verified).toEqual(payload); // the body is the event's delivery payload
        expect(r.headers["x-webhook-id"]).toBe(payload.id);
        // the line is printed once the endpoint's answer is read, a moment after the endpoint has it
        await expect
          .poll(() => listen.output(), { timeout: 10_000 })
          .toMatch(new RegExp(`${payload.type}\\s+${payload.id}\\s+\\[200\\] \\d+ ms`));
      }
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(
          endpoint.received[0]!.body,
          endpoint.received[0]!.headers as Record<string, string>,
        ),
      ).toThrow();
    });

    await test.step("an event that happens while listen is stopped arrives after it starts again, and nothing twice", async () => {
      expect(await listen.stop()).toBe(0);
      expect(listen.output()).toContain("Stopped.");
      const before = endpoint.ids().length;
      const session = await trigger("cancel");
      const missed = await eventsOf(session);
      expect(missed.map((e) => e.type)).toContain("session.abandoned");
      await new Promise((r) => setTimeout(r, 3_000)); // long settled by now
      expect(endpoint.ids().length).toBe(before);

      listen = startListen(["--forward-to", forwardTo, "--state", state], env);
      expect(await listen.ready()).toBe(secret); // the same local secret
      await expect.poll(() => endpoint.ids().slice(before), { timeout: 20_000 }).toEqual(missed.map((e) => e.id));
      await new Promise((r) => setTimeout(r, 3_000));
      expect(new Set(endpoint.ids()).size).toBe(endpoint.ids().length);
    });

    await test.step("an endpoint that is down is retried, and the event is delivered once it is back", async () => {
      const before = endpoint.ids().length;
      await endpoint.down();
      const session = await trigger("session.started");
      const expected = await eventsOf(session);
      await expect.poll(() => listen.output(), { timeout: 20_000 }).toMatch(new RegExp(`${expected[0]!.id}\\s+\\[error\\][^\\n]*retrying`));
      await endpoint.up();
      await expect.poll(() => endpoint.ids().slice(before), { timeout: 30_000 }).toEqual(expected.map((e) => e.id));
      await expect
        .poll(() => listen.output(), { timeout: 10_000 })
        .toMatch(new RegExp(`${expected[0]!.id}\\s+\\[200\\][^\\n]*\\(attempt \\d+\\)`));
      expect(new Set(endpoint.ids()).size).toBe(endpoint.ids().length);
      expect(await listen.stop()).toBe(0);
    });

    await test.step("trigger refuses an event it cannot make happen with exit code 2", async () => {
      const failed = await run(process.execPath, [CLI, "trigger", "order.shipped"], { env: { ...process.env, ...env } }).catch((e) => e);
      expect(failed.code).toBe(2);
      expect(failed.stderr).toContain('Unknown event "order.shipped"');
      expect(failed.stderr).toContain("order.fulfilled");
    });
  } finally {
    await endpoint.close();
  }
});

test("trigger order.fulfilled drives a sandbox session to completion", async ({ request, baseURL }) => {
  const m = await createMerchant(request);
  const { stdout } = await run(process.execPath, [CLI, "trigger", "order.fulfilled", "--api-key", m.apiKey, "--base-url", baseURL!]);
  const session = /Session (sess_\w+)/.exec(stdout)![1]!;
  for (const type of ["session.started", "order.created", "order.payment_sent", "order.fulfilled", "session.completed"])
    expect(stdout).toContain(type);
  const res = await request.get(`/api/checkout/sessions/${session}`, { headers: { "x-api-key": m.apiKey } });
  expect((await res.json()).responseObject).toMatchObject({ status: "COMPLETED" });
});

test("listen forwards to an https endpoint, only the --events asked for", async ({ request, baseURL }) => {
  const m = await createMerchant(request);
  const env = { CHECKOUT_API_KEY: m.apiKey, CHECKOUT_BASE_URL: baseURL! };
  const state = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "checkout-cli-")), "listen.json");
  const receiver = await startReceiver(); // https://localhost with a certificate of the test CA (NODE_EXTRA_CA_CERTS)
  const listen = startListen(["--forward-to", receiver.url, "--state", state, "--events", "order.created,session.abandoned"], env);
  try {
    await listen.ready();
    await run(process.execPath, [CLI, "trigger", "cancel"], { env: { ...process.env, ...env } });
    await expect.poll(() => receiver.types(), { timeout: 20_000 }).toEqual(["order.created", "session.abandoned"]);
    expect(listen.output()).not.toContain("session.started");
  } finally {
    await listen.stop();
    await receiver.close();
  }
});
