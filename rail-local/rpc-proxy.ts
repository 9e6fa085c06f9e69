import http from "node:http";
import { FaultSwitch } from "./faults";

// A JSON-RPC proxy in front of anvil: the service's ZKP2P_RPC_URL points here, so that a test (or a
// developer) can take the node away without touching the chain. Routes: "rpc" is every call,
// "broadcast" is eth_sendRawTransaction alone. Faults: 5xx answers 503 (a node behind a load
// balancer that is down), timeout holds the request unanswered (a hung node, or bytes that never
// arrive), refuse drops the connection. POST /__faults {"rpc":"5xx"} sets them; {} clears. A delay
// (setDelay, or POST /__delay {"ms":5000}) holds every call that long before it is passed on: a slow node.

export type RpcRoute = "rpc" | "broadcast";

export async function startRpcProxy(upstream: string, port = 0) {
  const faults = new FaultSwitch<RpcRoute>(["rpc", "broadcast"]);
  const held = new Set<http.ServerResponse>();
  let delayMs = 0;
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const answer = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return answer(400, JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }));
    }
    if (req.url === "/__delay") {
      const ms = (body as { ms?: unknown } | undefined)?.ms;
      if (typeof ms !== "number" || !Number.isSafeInteger(ms) || ms < 0)
        return answer(400, JSON.stringify({ success: false, message: "ms: a whole number" }));
      delayMs = ms;
      return answer(200, JSON.stringify({ success: true }));
    }
    if (req.url === "/__faults") {
      const problem = faults.apply(body);
      return answer(problem ? 400 : 200, JSON.stringify(problem ? { success: false, message: problem } : { success: true }));
    }
    const calls = (Array.isArray(body) ? body : [body]) as { method?: string }[];
    const routes: RpcRoute[] = calls.some((c) => c?.method === "eth_sendRawTransaction") ? ["broadcast", "rpc"] : ["rpc"];
    for (const route of routes) faults.count(route);
    const fault = routes.map((r) => faults.get(r)).find(Boolean);
    if (fault === "5xx")
      return answer(
        503,
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: "stand-in fault: node unavailable" } }),
      );
    if (fault === "refuse") return req.socket.destroy();
    if (fault === "timeout") {
      held.add(res);
      res.on("close", () => held.delete(res));
      return;
    }
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    try {
      const upstreamRes = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
      answer(upstreamRes.status, await upstreamRes.text());
    } catch (err) {
      answer(502, JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: `upstream: ${(err as Error).message}` } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    faults,
    /** Holds every call `ms` before passing it on (0: none). */
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
