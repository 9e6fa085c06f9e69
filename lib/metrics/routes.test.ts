import { describe, expect, it } from "vitest";
import { appPaths, matcherFor, templateOf, UNMATCHED } from "./routes";

describe("route templates", () => {
  it("drop groups, slots and the file's kind", () => {
    expect(templateOf("/dashboard/(app)/sessions/[id]/page")).toBe("/dashboard/sessions/[id]");
    expect(templateOf("/api/sessions/[id]/route")).toBe("/api/sessions/[id]");
    expect(templateOf("/page")).toBe("/");
    expect(templateOf("/_not-found/page")).toBeUndefined();
    expect(templateOf("/layout")).toBeUndefined();
  });

  const match = matcherFor([
    "/api/sessions/route",
    "/api/sessions/[id]/route",
    "/api/sessions/[id]/cancel/route",
    "/api/sessions/search/route",
    "/docs/[[...slug]]/page",
    "/files/[...path]/route",
    "/page",
  ]);

  it("map a request's path to the template that serves it, a literal segment before a parameter", () => {
    expect(match("/api/sessions")).toBe("/api/sessions");
    expect(match("/api/sessions/sess_123")).toBe("/api/sessions/[id]");
    expect(match("/api/sessions/search")).toBe("/api/sessions/search");
    expect(match("/api/sessions/sess_123/cancel")).toBe("/api/sessions/[id]/cancel");
    expect(match("/docs")).toBe("/docs/[[...slug]]");
    expect(match("/docs/a/b")).toBe("/docs/[[...slug]]");
    expect(match("/files/a/b")).toBe("/files/[...path]");
    expect(match("/files")).toBe(UNMATCHED);
    expect(match("/")).toBe("/");
    expect(match("/_next/static/chunks/x.js")).toBe("/_next/static");
  });

  it("never label by the raw path: anything unknown is 'unmatched'", () => {
    for (const p of ["/wp-admin.php", "/api/sessions/x/y/z", "/%E0%A4%A", "/api/sessions/sess_1/cancel/extra"]) {
      expect(match(p)).toBe(UNMATCHED);
    }
  });

  it("know every page and route of this app from its sources", () => {
    const match = matcherFor(appPaths());
    expect(match("/api/v1/orders/ord_abc")).toBe("/api/v1/orders/[id]");
    expect(match("/api/health")).toBe("/api/health");
    expect(match("/dashboard/sessions/sess_abc")).toBe("/dashboard/sessions/[id]");
    expect(match("/api/nothing/here")).toBe("/api/[...slug]");
    expect(match("/nothing/here")).toBe(UNMATCHED);
  });
});
