import type { Wire } from "./wire";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertConforms, responseProblems, templateOf, unknownRouteResponse } from "./conformance";

// Drives the real route handlers the way Next.js routes a request: the app/api tree, static
// segments before [param] before [...catchAll], exports named by HTTP method.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteFile = { segments: string[]; file: string };

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");

function collectRoutes(dir: string, segments: string[] = []): RouteFile[] {
  const out: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...collectRoutes(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") out.push({ segments, file: path.join(dir, entry.name) });
  }
  return out;
}

const ROUTES = collectRoutes(API_DIR);
export const ROUTE_FILES = ROUTES.map((r) => "/api/" + r.segments.join("/"));

function match(parts: string[]): { route: RouteFile; params: Record<string, string | string[]> } | undefined {
  const rank = (r: RouteFile) => r.segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
  const candidates = ROUTES.flatMap((route) => {
    const params: Record<string, string | string[]> = {};
    for (let i = 0; i < route.segments.length; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith("[...")) {
        if (i >= parts.length) return [];
        params[seg.slice(4, -1)] = parts.slice(i);
        return [{ route, params }];
      }
      if (i >= parts.length) return [];
      if (seg.startsWith("[")) params[seg.slice(1, -1)] = decodeURIComponent(parts[i]!);
      else if (seg !== parts[i]) return [];
    }
    return route.segments.length === parts.length ? [{ route, params }] : [];
  });
  candidates.sort((a, b) => {
    const ra = rank(a.route),
      rb = rank(b.route);
    for (let i = 0; i < Math.max(ra.length, rb.length); i++) if ((ra[i] ?? 3) !== (rb[i] ?? 3)) return (ra[i] ?? 3) - (rb[i] ?? 3);
    return 0;
  });
  return candidates[0];
}

export type ApiResponse<T = any> = {
  status: number;
  headers: Headers;
  body: {
    success: boolean;
    message: string;
    responseObject: T;
    statusCode: number;
    error?: { code: string; details?: any };
    errorCode?: string;
  };
  text: string;
};

export type CallOptions = { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

export async function call<T = any>(method: string, url: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const u = new URL(url, "http://checkout.test");
  const parts = u.pathname.split("/").filter(Boolean).slice(1); // drop "api"
  const found = match(parts);
  if (!found) throw new Error(`no route file serves ${u.pathname}`);
  const mod = (await import(found.route.file)) as Record<string, Handler>;
  const handler = mod[method];
  if (!handler) throw new Error(`${found.route.file} exports no ${method}`);
  const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
  if (opts.key) headers["x-api-key"] = opts.key;
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const req = new Request(u, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : body });
  const res = await handler(req, { params: Promise.resolve(found.params) });
  const text = await res.text();
  const parsed = JSON.parse(text);
  checkAgainstDocument(found.route.segments, method, { status: res.status, headers: res.headers, body: parsed });
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/**
 * Every answer must be one the OpenAPI document describes (tests/support/conformance.ts); a route
 * of next-auth or Inngest is not part of the API, and a path no route serves must be the 404 envelope.
 */
function checkAgainstDocument(segments: string[], method: string, answer: { status: number; headers: Headers; body: unknown }) {
  if (segments[0] === "auth" || segments[0] === "inngest") return;
  const contentType = answer.headers.get("content-type");
  if (segments.some((s) => s.startsWith("[..."))) {
    const problems =
      answer.status === 404
        ? responseProblems({ response: unknownRouteResponse(), where: `${method} (no route) → 404` }, { ...answer, contentType })
        : [`status ${answer.status}, documented 404`];
    if (problems.length) throw new Error(`OpenAPI conformance: ${method} on a path no route serves:\n  ${problems.join("\n  ")}`);
    return;
  }
  assertConforms(templateOf(segments), method, { ...answer, contentType });
}

// ---------------------------------------------------------------- fixtures made through the API

export const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"; // USDC on Base, checksummed
export const WALLET = "0x52908400098527886E0F7030069857D2E4169EE7"; // an EIP-55 test vector

export type TestMerchant = { id: string; name: string; apiKey: string };

export const uniqueName = (prefix = "m") => `${prefix}-${crypto.randomBytes(6).toString("hex")}`;
export const randomIp = () => `203.0.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}`;

export async function newMerchant(overrides: Record<string, unknown> = {}): Promise<TestMerchant> {
  const res = await call("POST", "/api/merchants", {
    body: { name: uniqueName(), displayName: "Test Shop", ...overrides },
    headers: { "x-forwarded-for": randomIp() },
  });
  if (res.status !== 201) throw new Error(`merchant creation failed: ${res.text}`);
  return { id: res.body.responseObject.id, name: res.body.responseObject.name, apiKey: res.body.responseObject.apiKey };
}

export function sessionBody(m: TestMerchant, overrides: Record<string, unknown> = {}) {
  return {
    merchantId: m.id,
    amountUsdc: "50.00",
    destinationChainId: 8453,
    destinationToken: TOKEN,
    recipientAddress: WALLET,
    ...overrides,
  };
}

export async function newSession(m: TestMerchant, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, overrides) });
  if (res.status !== 201) throw new Error(`session creation failed: ${res.text}`);
  return res.body.responseObject.session as Wire<"Session">;
}

export async function startedSession(m: TestMerchant, platform = "venmo", currency = "USD", overrides: Record<string, unknown> = {}) {
  const s = await newSession(m, overrides);
  const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
    key: m.apiKey,
    body: { paymentPlatform: platform, fiatCurrency: currency },
  });
  if (res.status !== 200) throw new Error(`start failed: ${res.text}`);
  return { session: s, started: res.body.responseObject };
}

export async function newWebhook(m: TestMerchant, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/webhooks", { key: m.apiKey, body: { url: "https://hooks.example.com/checkout", ...body } });
  if (res.status !== 201) throw new Error(`webhook creation failed: ${res.text}`);
  return res.body.responseObject as Wire<"WebhookWithSecret">;
}

/**
 * Rate limits count in fixed windows. A test that fills a window waits, when the current one is
 * about to roll over, for the next to begin, so its requests all land in one window.
 */
export async function awayFromWindowEdge(windowMs: number, needMs = 10_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}
