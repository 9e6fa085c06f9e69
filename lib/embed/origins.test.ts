import { describe, expect, it } from "vitest";
import { frameOriginsSchema, isFrameOrigin, MAX_FRAME_ORIGINS, parseFrameOrigin } from "./origins";

const ok = (input: string) => {
  const r = parseFrameOrigin(input);
  if (!r.ok) throw new Error(r.message);
  return r.origin;
};
const why = (input: string) => {
  const r = parseFrameOrigin(input);
  if (r.ok) throw new Error(`${input} was accepted as ${r.origin}`);
  return r.message;
};

describe("parseFrameOrigin", () => {
  it("takes https origins and the development hosts over http, normalised to the URL origin", () => {
    expect(ok("https://shop.example.com")).toBe("https://shop.example.com");
    expect(ok("  https://Shop.Example.COM/  ")).toBe("https://shop.example.com");
    expect(ok("https://shop.example.com:443")).toBe("https://shop.example.com");
    expect(ok("https://shop.example.com:8443")).toBe("https://shop.example.com:8443");
    expect(ok("https://bücher.example")).toBe("https://xn--bcher-kva.example");
    expect(ok("http://localhost:5173")).toBe("http://localhost:5173");
    expect(ok("http://127.0.0.1:8080/")).toBe("http://127.0.0.1:8080");
    expect(ok("https://localhost:3000")).toBe("https://localhost:3000");
  });

  it("refuses paths, queries, fragments, wildcards, other schemes and hosts, with a message naming the entry", () => {
    expect(why("https://shop.example.com/checkout")).toBe(
      '"https://shop.example.com/checkout" must be an origin only, without a path, query or fragment: https://shop.example.com',
    );
    expect(why("https://shop.example.com/?a=1")).toMatch(/without a path, query or fragment/);
    expect(why("https://shop.example.com#top")).toMatch(/without a path, query or fragment/);
    expect(why("https://shop.example.com/..")).toMatch(/without a path/);
    expect(why("https://*.example.com")).toMatch(/wildcard/);
    expect(why("*")).toMatch(/wildcard/);
    expect(why("shop.example.com")).toMatch(/needs its scheme/);
    expect(why("http://shop.example.com")).toMatch(/must use https:\/\/ \(http:\/\/ only for localhost or 127.0.0.1\)/);
    expect(why("http://10.0.0.1")).toMatch(/must use https/);
    expect(why("ftp://shop.example.com")).toMatch(/must use https/);
    expect(why("javascript://alert(1)")).toMatch(/must use https/);
    expect(why("https://user:pw@shop.example.com")).toMatch(/user name or password/);
    expect(why("https://shop")).toMatch(/full host name/);
    expect(why("https://[::1]")).toMatch(/valid host name/);
    expect(why("https://shop.example.com; script-src *")).toMatch(/^"https:\/\/shop.example.com; script-src \*" /);
    expect(why("'self'")).toMatch(/needs its scheme/);
    expect(why("")).toBe("an origin cannot be empty");
    expect(why("https://" + "a".repeat(400) + ".com")).toMatch(/too long/);
  });

  it("isFrameOrigin: only values already in normal form", () => {
    expect(isFrameOrigin("https://shop.example.com")).toBe(true);
    expect(isFrameOrigin("https://shop.example.com/")).toBe(false);
    expect(isFrameOrigin("https://Shop.example.com")).toBe(false);
    expect(isFrameOrigin("https://a.example.com https://b.example.com")).toBe(false);
  });
});

describe("frameOriginsSchema", () => {
  it("normalises and de-duplicates the list; an empty list allows nobody", () => {
    expect(frameOriginsSchema.parse(["https://a.example.com/", "https://A.example.com", "http://localhost:3000"])).toEqual([
      "https://a.example.com",
      "http://localhost:3000",
    ]);
    expect(frameOriginsSchema.parse([])).toEqual([]);
  });

  it("names each bad entry by its index, and refuses more than the maximum", () => {
    const r = frameOriginsSchema.safeParse(["https://a.example.com", "http://b.example.com", "https://c.example.com/x"]);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["1", expect.stringMatching(/^"http:\/\/b.example.com" must use https/)],
      ["2", expect.stringMatching(/without a path/)],
    ]);
    const many = Array.from({ length: MAX_FRAME_ORIGINS + 1 }, (_, i) => `https://s${i}.example.com`);
    expect(frameOriginsSchema.safeParse(many).error?.issues[0]?.message).toBe("at most 10 origins may frame the checkout");
    expect(frameOriginsSchema.safeParse(many.slice(1)).success).toBe(true);
  });
});
