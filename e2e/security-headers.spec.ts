import { Dashboard } from "./pages/dashboard";
import { watchViolations } from "./support/csp";
import { OwnServer } from "./support/server";
import { createMerchant, createSession, expect, test } from "./support/fixtures";

// The security headers of pages and API responses, and the policy at work in Chromium: every page
// runs with no violation, Next.js's scripts carry the request's nonce, an injected script does not run.
// Where it runs: directly, and the tests tagged @topology through the production topology too. Headers must arrive as the service sets
// them after the proxy (and HSTS over TLS); the policy at work in the browser is the same either way.

const policy = (csp: string | undefined) =>
  new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
const nonceOf = (csp: string | undefined) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1];

test.describe("security headers", () => {
  test(
    "pages: a nonce policy, nosniff, no framing; the checkout sends no Referer; API responses too",
    { tag: "@topology" },
    async ({ request, baseURL }) => {
      const https = baseURL!.startsWith("https:");
      const m = await createMerchant(request);
      const s = await createSession(request, m);

      const pages = { landing: "/", checkout: s.path, signIn: "/dashboard/sign-in", missing: "/no-such-page" };
      for (const [what, path] of Object.entries(pages)) {
        const res = await request.get(path, { maxRedirects: 0 });
        expect(res.status(), what).toBe(what === "missing" ? 404 : 200);
        const h = res.headers();
        const csp = policy(h["content-security-policy"]);
        expect(csp.get("script-src"), what).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/), "'strict-dynamic'"]);
        expect(h["content-security-policy"], what).not.toContain("unsafe-eval");
        expect(csp.get("img-src"), what).toContain("https:");
        expect(csp.get("connect-src"), what).toEqual(["'self'"]);
        expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
        expect(h["x-frame-options"], what).toBe("DENY");
        expect(h["x-content-type-options"], what).toBe("nosniff");
        expect(h["referrer-policy"], what).toBe(what === "checkout" ? "no-referrer" : "strict-origin-when-cross-origin");
        if (https) {
          // the production topology: APP_URL is https, so browsers must stay on https
          expect(h["strict-transport-security"], what).toMatch(/^max-age=\d+/);
          expect(csp.has("upgrade-insecure-requests"), what).toBe(true);
        } else {
          // served over plain http: no HSTS, nothing upgraded
          expect(h["strict-transport-security"], what).toBeUndefined();
          expect(csp.has("upgrade-insecure-requests"), what).toBe(false);
        }
      }
      // Next.js's static files skip the proxy; they are never sniffed either
      const chunk = /\/_next\/static\/[^"]+\.js/.exec(await (await request.get("/")).text())?.[0];
      expect(chunk).toBeTruthy();
      const asset = await request.get(chunk!);
      expect(asset.status()).toBe(200);
      expect(asset.headers()["x-content-type-options"]).toBe("nosniff");

      const nonces = await Promise.all(
        [1, 2].map(async () => nonceOf((await request.get(pages.checkout)).headers()["content-security-policy"])),
      );
      expect(nonces[0]).not.toBe(nonces[1]);

      const api = {
        health: await request.get("/api/health"),
        unauthenticated: await request.get("/api/merchants/me"),
        session: await request.get(`/api/checkout/sessions/${s.id}`, { headers: { "x-api-key": m.apiKey } }),
        unknownRoute: await request.get("/api/no-such-route"),
      };
      expect(api.unauthenticated.status()).toBe(401);
      expect(api.session.status()).toBe(200);
      for (const [what, res] of Object.entries(api)) {
        const h = res.headers();
        expect(h["content-type"], what).toContain("application/json");
        expect(h["x-content-type-options"], what).toBe("nosniff");
        expect(policy(h["content-security-policy"]).get("default-src"), what).toEqual(["'none'"]);
        expect(h["x-frame-options"], what).toBe("DENY");
      }
    },
  );

  test(
    "the checkout runs with no violation, its served scripts carry the nonce, its logo loads without a Referer",
    { tag: "@topology" },
    async ({ page, request }) => {
      const m = await createMerchant(request, { logoUrl: "https://logos.example/corner-coffee.png" });
      const s = await createSession(request, m);
      const violations = await watchViolations(page);
      const logoRequests: (string | undefined)[] = [];
      await page.route("https://logos.example/**", async (route) => {
        logoRequests.push(route.request().headers()["referer"]);
        // a 1×1 PNG
        await route.fulfill({
          contentType: "image/png",
          body: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
        });
      });

      const res = await page.goto(s.path);
      const nonce = nonceOf(res!.headers()["content-security-policy"]);
      expect(nonce).toBeTruthy();
      // every script the server wrote into the page carries the request's nonce
      const served = [...(await res!.text()).matchAll(/<script\b([^>]*)>/g)].map(([, attrs]) => ({
        src: /\ssrc="([^"]*)"/.exec(attrs!)?.[1] ?? "",
        nonce: /\snonce="([^"]*)"/.exec(attrs!)?.[1],
      }));
      expect(served.filter((x) => !x.src).length).toBeGreaterThan(0);
      expect(served.filter((x) => x.src.includes("/_next/static/")).length).toBeGreaterThan(0);
      for (const el of served) expect(el.nonce, el.src || "inline script").toBe(nonce);
      await expect(page.getByRole("img", { name: "Corner Coffee logo" })).toBeVisible();
      // hydrated: the page's own scripts ran and its actions work
      await page.getByRole("radio", { name: /Zelle/ }).check();
      await page.getByRole("button", { name: "Continue with Zelle" }).click();
      await expect(page.getByRole("heading", { name: "Send the payment with Zelle" })).toBeVisible();

      // the later steps' code, which the framework's loader added after hydration, ran under
      // 'strict-dynamic' (trusted because a nonced script added it): it is the service's own, and the
      // page reported no violation (below)
      const origin = new URL(page.url()).origin;
      const scripts = await page.evaluate(() => [...document.scripts].map((el) => ({ src: el.src, nonce: el.nonce })));
      const added = scripts.filter((el) => el.nonce !== nonce);
      expect(added.length).toBeGreaterThan(0);
      for (const el of added)
        expect(el.src, "a script added at run time").toMatch(new RegExp(`^${origin}/_next/static/chunks/[^/]+\\.js$`));
      expect(logoRequests.length).toBeGreaterThan(0);
      expect(logoRequests.every((referer) => referer === undefined)).toBe(true);
      expect(violations).toEqual([]);
    },
  );

  test("a script injected into the checkout's HTML does not run, and the browser reports it", async ({ page, request }) => {
    const s = await createSession(request, await createMerchant(request));
    const violations = await watchViolations(page);
    // what a reflected injection would look like: a parser-inserted script without the nonce
    await page.route(
      (url) => url.pathname === "/checkout" && url.searchParams.get("session") === s.id,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/<body[^>]*>/, "$&<script>window.__injected = true</script>");
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto(s.path);
    await expect(page.getByRole("heading", { name: "How would you like to pay?" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => violations.some((v) => v.includes("script-src"))).toBe(true);
  });

  test("the dashboard runs with no violation: sign-in, then every section", async ({ page, request }) => {
    const m = await createMerchant(request);
    await createSession(request, m);
    const violations = await watchViolations(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Merchant checkout" })).toBeVisible();
    const dashboard = new Dashboard(page);
    await dashboard.signIn(m.apiKey);
    for (const section of ["Sessions", "Webhooks", "Settings", "Developers", "Overview"]) {
      await dashboard.nav(section).click();
      await expect(page.getByRole("heading", { level: 1, name: section })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const res = await page.goto("/dashboard/sessions");
    expect(policy(res!.headers()["content-security-policy"]).get("frame-ancestors")).toEqual(["'none'"]);
    expect(res!.headers()["x-frame-options"]).toBe("DENY");
    expect(violations).toEqual([]);
  });
});

test.describe("security headers over https", () => {
  test("with an https APP_URL: HSTS on pages and API responses, insecure requests upgraded", async () => {
    const server = new OwnServer({ APP_URL: "https://checkout.example" });
    try {
      await server.start();
      for (const path of ["/", "/dashboard/sign-in", "/api/health"]) {
        const res = await fetch(`${server.base}${path}`, { redirect: "manual" });
        expect(res.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
        if (!path.startsWith("/api"))
          expect(policy(res.headers.get("content-security-policy") ?? "").has("upgrade-insecure-requests"), path).toBe(true);
      }
    } finally {
      await server.kill();
    }
  });
});
