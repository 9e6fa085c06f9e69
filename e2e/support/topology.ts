import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { state, type Topology } from "../../scripts/prod-like";

// A merchant's integration against the production topology (e2e/support/prod-global-setup.ts), as a
// careful integrator writes it: every POST carries an Idempotency-Key and is retried on 502/503 and
// on network errors, so that a fault on our side never turns into a lost or doubled request.

export const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

export function topology(): Topology {
  const t = state();
  if (!t) throw new Error("the production topology is not running (global set-up)");
  return t;
}

/** The topology's own PostgreSQL, for checks the API cannot make. */
export function topologySql(t = topology()) {
  return postgres(t.databaseUrl, { max: 2, onnotice: () => {} });
}

export type Answer = { status: number; body: any; headers: Headers };

/** One request; a network error is status 0. */
export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (a proxy's own error page)
    }
    return { status: res.status, body, headers: res.headers };
  } catch {
    return { status: 0, body: null, headers: new Headers() };
  }
}

export class Integration {
  /** every answer the client saw, retries included */
  readonly answers: number[] = [];

  constructor(
    readonly base: string,
    readonly apiKey: string,
    readonly merchantId: string,
  ) {}

  static async signUp(base: string, name = `shop-${crypto.randomBytes(5).toString("hex")}`): Promise<Integration> {
    const res = await send(`${base}/api/merchants`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return new Integration(base, res.body.responseObject.apiKey, res.body.responseObject.id);
  }

  /** A POST with an Idempotency-Key, retried on 502/503/network errors until it is answered or `ms` pass. */
  async post(path: string, body: unknown, ms = 60_000): Promise<Answer> {
    const key = crypto.randomUUID();
    const until = Date.now() + ms;
    for (;;) {
      const res = await send(`${this.base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": this.apiKey, "idempotency-key": key },
        body: JSON.stringify(body),
      });
      this.answers.push(res.status);
      if (![0, 502, 503, 504].includes(res.status) || Date.now() > until) return res;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async get(path: string): Promise<Answer> {
    return send(`${this.base}${path}`, { headers: { "x-api-key": this.apiKey } });
  }

  async createSession(): Promise<string> {
    const res = await this.post("/api/checkout/sessions", {
      merchantId: this.merchantId,
      amountUsdc: "10.00",
      destinationChainId: 8453,
      destinationToken: TOKEN,
      recipientAddress: TOKEN,
    });
    // a 201 whose body is not the session (cut off by an instance that died answering it) says so too
    if (res.status !== 201 || !res.body?.responseObject?.session)
      throw new Error(`session not created: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body.responseObject.session.id;
  }

  /** Creates a session and starts it: two events (session.started, order.created). */
  async startedSession(): Promise<string> {
    const id = await this.createSession();
    const res = await this.post(`/api/checkout/sessions/${id}/start`, { paymentPlatform: "venmo", fiatCurrency: "USD" });
    if (res.status !== 200) throw new Error(`session not started: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  }

  async webhook(url: string, events?: string[]): Promise<string> {
    const res = await this.post("/api/webhooks", { url, ...(events ? { events } : {}) });
    if (res.status !== 201) throw new Error(`webhook not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.responseObject.id;
  }

  /** All of the merchant's event ids (newest first, at most 100 a page). */
  async eventIds(): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await this.get(`/api/events?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      if (res.status !== 200) throw new Error(`events: ${res.status}`);
      ids.push(...res.body.responseObject.events.map((e: { id: string }) => e.id));
      cursor = res.body.responseObject.nextCursor ?? undefined;
      if (!cursor) return ids;
    }
  }
}

/** Caddy's active health checks as it logged them since `sinceMs`: "<time> <instance> up|down (<why>)". */
export function proxyHealth(t: Topology, sinceMs = 0): string[] {
  const file = path.join(t.dir, "caddy.log");
  if (!fs.existsSync(file)) return [];
  const byPort = new Map(t.instances.map((i) => [`127.0.0.1:${i.port}`, i.name]));
  const lines: string[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"host"')) continue;
    let entry: { ts?: number; msg?: string; host?: string; status_code?: number; error?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const at = (entry.ts ?? 0) * 1000;
    if (at < sinceMs || !entry.host || !byPort.has(entry.host)) continue;
    const up = entry.msg === "host is up";
    const why = up ? "" : ` (${entry.status_code ?? entry.error?.split(": ").at(-1) ?? entry.msg})`;
    lines.push(`${new Date(at).toISOString()} ${byPort.get(entry.host)} ${up ? "up" : "down"}${why}`);
  }
  return lines;
}

/**
 * Waits until the proxy has put an instance back into rotation after `sinceMs`: what an operator
 * waits for before replacing the next instance in a rolling deploy.
 */
export async function proxyRoutesTo(t: Topology, name: string, sinceMs: number, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!proxyHealth(t, sinceMs).some((l) => l.endsWith(` ${name} up`))) {
    if (Date.now() > until) throw new Error(`the proxy did not report ${name} up: ${proxyHealth(t, sinceMs).join("; ")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
