import http from "node:http";

// Switchable faults of the local stand-ins for ZKP2P's services. A test (or a developer poking at
// `npm run rail:local`) sets them in process, or over HTTP: POST /__faults {"quote":"5xx"} on the
// stand-in itself; {} clears them. The service under test knows nothing of this.

export const FAULTS = ["5xx", "timeout", "refuse", "enforced-on-chain"] as const;
export type Fault = (typeof FAULTS)[number];

export class FaultSwitch<Route extends string> {
  private faults = new Map<Route, Fault>();
  /** Requests each route has served (faulted or not), for tests to see what the service asked. */
  readonly hits = new Map<Route, number>();

  constructor(private readonly routes: readonly Route[]) {}

  set(route: Route, fault: Fault | null) {
    if (fault === null) this.faults.delete(route);
    else this.faults.set(route, fault);
  }

  clear() {
    this.faults.clear();
  }

  get(route: Route): Fault | undefined {
    return this.faults.get(route);
  }

  count(route: Route) {
    this.hits.set(route, (this.hits.get(route) ?? 0) + 1);
  }

  /** POST /__faults: sets every route named in the body (null clears one); {} clears all. */
  apply(body: unknown): string | null {
    if (!body || typeof body !== "object" || Array.isArray(body)) return "the body must be an object of route: fault";
    const entries = Object.entries(body as Record<string, unknown>);
    if (!entries.length) {
      this.clear();
      return null;
    }
    for (const [route, fault] of entries) {
      if (!this.routes.includes(route as Route)) return `unknown route ${route}: one of ${this.routes.join(", ")}`;
      if (fault !== null && !FAULTS.includes(fault as Fault)) return `unknown fault ${String(fault)}: one of ${FAULTS.join(", ")}`;
    }
    for (const [route, fault] of entries) this.set(route as Route, fault as Fault | null);
    return null;
  }
}

export type Handler = (body: unknown, url: URL) => Promise<{ status: number; body: unknown }>;

/**
 * A small JSON server on loopback: routes by method and path prefix, faults applied before the
 * handler (5xx answers 503; timeout holds the request until the client gives up).
 */
export async function serveJson<Route extends string>(
  routes: { route: Route; method: string; path: RegExp; handle: Handler }[],
  faults: FaultSwitch<Route>,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const held = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(400, { success: false, message: "the body is not JSON", statusCode: 400 });
    }
    if (req.method === "POST" && url.pathname === "/__faults") {
      const problem = faults.apply(body);
      return problem ? send(400, { success: false, message: problem }) : send(200, { success: true });
    }
    const match = routes.find((r) => r.method === req.method && r.path.test(url.pathname));
    if (!match) return send(404, { success: false, message: `no route ${req.method} ${url.pathname}`, statusCode: 404 });
    faults.count(match.route);
    const fault = faults.get(match.route);
    if (fault === "5xx") return send(503, { success: false, message: "stand-in fault: service unavailable", statusCode: 503 });
    if (fault === "timeout") {
      held.add(res);
      res.on("close", () => held.delete(res));
      return; // never answered: the client's timeout decides
    }
    try {
      const out = await match.handle(body, url);
      send(out.status, out.body);
    } catch (err) {
      send(500, { success: false, message: `stand-in error: ${(err as Error).message}`, statusCode: 500 });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
