import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { Receiver } from "@/tests/support/receiver";
import { excerptOf, postWebhook, safeText } from "./http-post";

// postWebhook against real endpoints on loopback, reached as merchants configure theirs: a host name
// (https://localhost) with the certificate verified against the trusted authorities. Nothing here
// passes a CA or turns verification off: the test CA is trusted the way any authority is.

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

const allowLoopback = { allowPrivate: true };

/** Sends the headers at once, then one byte a second, and never ends. */
function dribble(res: http.ServerResponse) {
  res.writeHead(200, { "content-type": "text/plain" });
  res.write(".");
  const every = setInterval(() => res.write("."), 1_000);
  res.on("close", () => clearInterval(every));
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe("postWebhook over https with a host name", () => {
  it("reaches https://localhost and verifies its certificate", async () => {
    receiver = await new Receiver().start();
    expect(receiver.url).toMatch(/^https:\/\/localhost:\d+\/hooks$/);
    const result = await postWebhook(receiver.url, '{"a":1}', { "x-webhook-id": "evt_1" }, { timeoutMs: 5_000, ...allowLoopback });
    expect(result).toMatchObject({ status: 200, excerpt: "ok", error: null });
    expect(receiver.received.map((r) => r.body)).toEqual(['{"a":1}']);
  });

  it("refuses an endpoint whose certificate no trusted authority signed", async () => {
    receiver = await new Receiver({ protocol: "untrusted-https" }).start();
    const result = await postWebhook(receiver.url, "{}", {}, { timeoutMs: 5_000, ...allowLoopback });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|unable to verify the first certificate/);
    expect(receiver.received).toHaveLength(0);
  });

  it("with private addresses refused (production), localhost (a name without a dot) is never contacted", async () => {
    receiver = await new Receiver().start();
    const result = await postWebhook(receiver.url, "{}", {}, { timeoutMs: 5_000, allowPrivate: false });
    expect(result.status).toBeNull();
    expect(result.error).toBe("refused: localhost has no domain, so it is not a public address");
    expect(receiver.received).toHaveLength(0);
  });
});

describe("postWebhook against hostile endpoints", () => {
  it("cuts off an answer that dribbles one byte a second at the timeout", async () => {
    receiver = await new Receiver().start();
    receiver.reply = () => ({ status: 200, respond: dribble });
    const [result, elapsed] = await timed(() => postWebhook(receiver!.url, "{}", {}, { timeoutMs: 1_000, ...allowLoopback }));
    expect(elapsed).toBeLessThan(1_000 + 400);
    expect(result).toMatchObject({ status: null, error: "timed out after 1000 ms" });
  });

  it("gives one deadline to both tries: a reused socket reset late, then a fresh one that dribbles", async () => {
    receiver = await new Receiver().start();
    receiver.reply = (_, n) => {
      if (n === 1) return { status: 200, body: "ok" }; // leaves a keep-alive socket in the pool
      if (n === 2) return { status: 200, respond: (res) => setTimeout(() => res.socket?.destroy(), 1_100) }; // reset after most of the timeout
      return { status: 200, respond: dribble };
    };
    const opts = { timeoutMs: 1_500, ...allowLoopback };
    expect((await postWebhook(receiver.url, "{}", {}, opts)).status).toBe(200);
    const [result, elapsed] = await timed(() => postWebhook(receiver!.url, "{}", {}, opts));
    expect(receiver.received).toHaveLength(3); // the reset socket was retried on a fresh one
    expect(elapsed).toBeLessThan(1_500 + 400);
    expect(result).toMatchObject({ status: null, error: "timed out after 1500 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(1_400);
  });

  it("reads only the first KiB of a 10 MB answer, cut between characters", async () => {
    receiver = await new Receiver().start();
    const body = Buffer.from("€".repeat(3_500_000)); // 3 bytes each: the 1024th byte falls inside one
    receiver.reply = () => ({ status: 200, body });
    const [result, elapsed] = await timed(() => postWebhook(receiver!.url, "{}", {}, { timeoutMs: 5_000, ...allowLoopback }));
    expect(elapsed).toBeLessThan(2_000);
    expect(result).toMatchObject({ status: 200, error: null, excerpt: "€".repeat(341) });
  });

  it("keeps NUL out of the excerpt and turns invalid UTF-8 into U+FFFD", async () => {
    receiver = await new Receiver().start();
    receiver.reply = () => ({ status: 500, body: Buffer.from([0x6f, 0x6b, 0x00, 0x21, 0xff, 0xc3, 0x28, 0x00]) });
    const result = await postWebhook(receiver.url, "{}", {}, { timeoutMs: 5_000, ...allowLoopback });
    expect(result).toMatchObject({ status: 500, error: null, excerpt: "ok!\uFFFD\uFFFD(" });
  });
});

describe("text for the attempt record", () => {
  it("safeText drops NUL, replaces unpaired surrogates and never splits a character", () => {
    expect(safeText("a\u0000b", 10)).toBe("ab");
    expect(safeText("x\uD800y\uDC00", 10)).toBe("x\uFFFDy\uFFFD");
    expect(safeText("😀😀😀", 2)).toBe("😀😀");
    expect(Buffer.from(safeText("😀😀😀", 2)).toString("utf8")).toBe("😀😀");
  });

  it("excerptOf leaves out a character cut by the KiB limit", () => {
    const bytes = Buffer.concat([Buffer.alloc(1021, "x"), Buffer.from([0xff]), Buffer.from("€")]); // 1025 bytes
    expect(excerptOf(bytes)).toBe("x".repeat(1021) + "\uFFFD");
  });
});
