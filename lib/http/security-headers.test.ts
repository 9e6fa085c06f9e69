import { describe, expect, it } from "vitest";
import { HSTS, newNonce, securityHeaders } from "./security-headers";

const policy = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
const page = (pathname: string, over: { https?: boolean; dev?: boolean; frameAncestors?: string[] } = {}) =>
  securityHeaders({ pathname, nonce: "bm9uY2Utb2YtdGVzdA==", https: false, dev: false, ...over });

describe("securityHeaders", () => {
  it("a page: scripts only by nonce, https images, same-origin fetches, never framed, no eval", () => {
    const h = page("/");
    const csp = policy(h["Content-Security-Policy"]!);
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-bm9uY2Utb2YtdGVzdA=='", "'strict-dynamic'"]);
    expect(csp.get("img-src")).toContain("https:");
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(h["Content-Security-Policy"]).not.toContain("unsafe-eval");
    expect(csp.get("style-src")).not.toContainEqual(expect.stringMatching(/nonce/));
    expect(h).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });

  it("the dashboard may not be framed", () => {
    for (const path of ["/dashboard", "/dashboard/sign-in", "/dashboard/webhooks/wh_1"]) {
      const h = page(path);
      expect(policy(h["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
      expect(h["X-Frame-Options"]).toBe("DENY");
    }
  });

  it("an embedded checkout: framed by exactly the merchant's origins, without X-Frame-Options", () => {
    const origins = ["https://shop.example.com", "http://localhost:5173"];
    for (const path of ["/checkout", "/"]) {
      const h = page(path, { frameAncestors: origins });
      expect(policy(h["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(origins);
      // DENY would override the allowed parents in browsers that still read it
      expect(h["X-Frame-Options"]).toBeUndefined();
      expect(h["X-Content-Type-Options"]).toBe("nosniff");
    }
    // none allowed: the same as any page
    const closed = page("/checkout", { frameAncestors: [] });
    expect(policy(closed["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
    expect(closed["X-Frame-Options"]).toBe("DENY");
  });

  it("the dashboard, the status route and the API are never framed, whatever origins are passed", () => {
    const origins = ["https://shop.example.com"];
    for (const path of ["/dashboard", "/dashboard/settings", "/checkout/status", "/docs", "/checkouts"]) {
      const h = page(path, { frameAncestors: origins });
      expect(policy(h["Content-Security-Policy"]!).get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(h["X-Frame-Options"], path).toBe("DENY");
    }
    const api = securityHeaders({ pathname: "/api/checkout/sessions", https: false, dev: false, frameAncestors: origins });
    expect(policy(api["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
    expect(api["X-Frame-Options"]).toBe("DENY");
  });

  it("a stored value that is not one bare origin never reaches the policy", () => {
    const h = page("/checkout", {
      frameAncestors: [
        "https://ok.example.com",
        "https://evil.example.com; script-src *",
        "*",
        "https://x.example.com/path",
        "'self'",
        "http://shop.example.com",
      ],
    });
    expect(policy(h["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["https://ok.example.com"]);
    expect(policy(h["Content-Security-Policy"]!).get("script-src")).toEqual(["'self'", "'nonce-bm9uY2Utb2YtdGVzdA=='", "'strict-dynamic'"]);
    const none = page("/checkout", { frameAncestors: ["https://evil.example.com; script-src *"] });
    expect(policy(none["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
    expect(none["X-Frame-Options"]).toBe("DENY");
  });

  it("the checkout sends no Referer anywhere: its address holds the payer's bearer token", () => {
    expect(page("/checkout")["Referrer-Policy"]).toBe("no-referrer");
    expect(page("/checkout/status")["Referrer-Policy"]).toBe("no-referrer");
    expect(page("/checkouts")["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    // a v1 order's link is `/?order=…&token=…`: the token must not leave in a Referer either
    const v1 = securityHeaders({
      pathname: "/",
      search: "?order=sess_1&token=secret",
      nonce: "bm9uY2Utb2YtdGVzdA==",
      https: false,
      dev: false,
    });
    expect(v1["Referrer-Policy"]).toBe("no-referrer");
  });

  it("API responses: nosniff and a policy that lets nothing load, without a nonce", () => {
    const h = securityHeaders({ pathname: "/api/checkout/sessions", https: false, dev: false });
    expect(policy(h["Content-Security-Policy"]!).get("default-src")).toEqual(["'none'"]);
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["X-Frame-Options"]).toBe("DENY");
  });

  it("HSTS and upgraded requests only when the service is served over https", () => {
    expect(page("/")["Strict-Transport-Security"]).toBeUndefined();
    expect(policy(page("/")["Content-Security-Policy"]!).has("upgrade-insecure-requests")).toBe(false);
    const secure = page("/checkout", { https: true });
    expect(secure["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(HSTS).toBe("max-age=63072000; includeSubDomains");
    expect(policy(secure["Content-Security-Policy"]!).has("upgrade-insecure-requests")).toBe(true);
    expect(securityHeaders({ pathname: "/api/health", https: true, dev: false })["Strict-Transport-Security"]).toBe(HSTS);
  });

  it("eval only under next dev", () => {
    expect(policy(page("/", { dev: true })["Content-Security-Policy"]!).get("script-src")).toContain("'unsafe-eval'");
  });

  it("refuses to build a page policy without a nonce", () => {
    expect(() => securityHeaders({ pathname: "/checkout", https: false, dev: false })).toThrow(/nonce/);
  });
});

describe("newNonce", () => {
  it("is 128 random bits in base64, new each time", () => {
    const seen = new Set(Array.from({ length: 100 }, newNonce));
    expect(seen.size).toBe(100);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
