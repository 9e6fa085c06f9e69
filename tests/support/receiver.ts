import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = { url: string; headers: http.IncomingHttpHeaders; body: string; at: number };
type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

/**
 * A merchant's webhook endpoint on loopback. It verifies what it receives the way the ZKP2P Pay
 * docs tell a merchant to (hex HMAC-SHA256 of "<timestamp>.<body>" with the secret), and with the
 * Standard Webhooks reference verifier, and dedupes by X-Webhook-Id.
 */
export class Receiver {
  readonly received: Received[] = [];
  readonly uniqueIds = new Set<string>();
  reply: (req: Received, n: number) => Reply = () => ({ status: 200, body: "ok" });
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      this.received.push(r);
      this.uniqueIds.add(String(req.headers["x-webhook-id"]));
      const reply = this.reply(r, this.received.length);
      const send = () => {
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Resolves when `n` requests have arrived (or rejects after `ms`). */
  async waitFor(n: number, ms = 15_000): Promise<void> {
    const until = Date.now() + ms;
    while (this.received.length < n) {
      if (Date.now() > until) throw new Error(`receiver got ${this.received.length} of ${n} requests`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** ZKP2P Pay's documented check; during a rotation the header lists several signatures. */
export function verifyZkp2p(r: Received, secret: string, toleranceSeconds = 300): boolean {
  const ts = String(r.headers["x-webhook-timestamp"]);
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${ts}.${r.body}`).digest("hex");
  return String(r.headers["x-webhook-signature"])
    .split(",")
    .some((sig) => sig.length === expected.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected)));
}

/** The Standard Webhooks reference library's verification. */
export function verifyStandard(r: Received, secret: string): boolean {
  try {
    new Webhook(secret).verify(r.body, {
      "webhook-id": String(r.headers["webhook-id"]),
      "webhook-timestamp": String(r.headers["webhook-timestamp"]),
      "webhook-signature": String(r.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}
