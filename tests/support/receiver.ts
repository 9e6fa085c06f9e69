import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { testCertificates } from "./tls";

export type Received = { url: string; headers: http.IncomingHttpHeaders; body: string; at: number };
type Reply = {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  delayMs?: number;
  /** answers in its own way instead (a hostile or broken endpoint); status and body are then ignored */
  respond?: (res: http.ServerResponse) => void;
};

export type ReceiverOptions = {
  /**
   * "https" (the default): a certificate for localhost from the test CA, which the test processes
   * trust through NODE_EXTRA_CA_CERTS; "untrusted-https": a certificate for localhost from a CA
   * nothing trusts; "http": plain, for the rare test that needs it.
   */
  protocol?: "https" | "untrusted-https" | "http";
  /** the loopback addresses it listens on, all on one port: IPv4 and IPv6 unless told otherwise */
  hosts?: string[];
};

const BOTH_FAMILIES = ["127.0.0.1", "::1"];

/**
 * A merchant's webhook endpoint on loopback, reached as merchants configure theirs: by host name
 * (`https://localhost:<port>/hooks`) over verified TLS. It verifies what it receives the way the
 * ZKP2P Pay docs tell a merchant to (hex HMAC-SHA256 of "<timestamp>.<body>" with the secret), and
 * with the Standard Webhooks reference verifier, and dedupes by X-Webhook-Id.
 */
export class Receiver {
  readonly received: Received[] = [];
  readonly uniqueIds = new Set<string>();
  reply: (req: Received, n: number) => Reply = () => ({ status: 200, body: "ok" });
  private readonly protocol: NonNullable<ReceiverOptions["protocol"]>;
  private readonly hosts: string[];
  private servers: http.Server[] = [];
  private port = 0;

  constructor(options: ReceiverOptions = {}) {
    this.protocol = options.protocol ?? "https";
    this.hosts = options.hosts ?? BOTH_FAMILIES;
  }

  private handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      this.received.push(r);
      this.uniqueIds.add(String(req.headers["x-webhook-id"]));
      const reply = this.reply(r, this.received.length);
      const send = () => {
        if (reply.respond) return reply.respond(res);
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  };

  private createServer(): http.Server {
    if (this.protocol === "http") return http.createServer(this.handle);
    const certs = testCertificates();
    const [cert, key] = this.protocol === "https" ? [certs.certFile, certs.keyFile] : [certs.untrustedCertFile, certs.untrustedKeyFile];
    return https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, this.handle) as unknown as http.Server;
  }

  async start(): Promise<this> {
    for (let tries = 0; ; tries++) {
      try {
        await this.listenAll();
        return this;
      } catch (err) {
        await this.closeServers();
        // the port the first address got was taken on another: pick a new one
        if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || tries >= 10) throw err;
      }
    }
  }

  private async listenAll() {
    this.port = 0;
    for (const host of this.hosts) {
      const server = this.createServer();
      try {
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen({ port: this.port, host, ipv6Only: true }, () => {
            server.off("error", reject);
            resolve();
          });
        });
      } catch (err) {
        // a machine without IPv6 still gets an IPv4 receiver, unless IPv6 was asked for by name
        const noFamily = ["EADDRNOTAVAIL", "EAFNOSUPPORT"].includes((err as NodeJS.ErrnoException).code ?? "");
        if (noFamily && this.hosts === BOTH_FAMILIES && this.servers.length) continue;
        throw err;
      }
      this.servers.push(server);
      this.port = (server.address() as AddressInfo).port;
    }
  }

  get url(): string {
    return `${this.protocol === "http" ? "http" : "https"}://localhost:${this.port}/hooks`;
  }

  private async closeServers() {
    await Promise.all(
      this.servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
  }

  async stop() {
    await this.closeServers();
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
