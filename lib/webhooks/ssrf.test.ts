import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForbiddenHost, isPublicAddress, type Resolver } from "./address-policy";
import { postWebhook } from "./http-post";

// Webhook URLs may only reach public addresses: a merchant must not be able to make the service
// call into its own network, a cloud metadata endpoint or loopback.

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.10",
    "198.18.0.1",
    "203.0.113.5",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "0:0:0:0:0:ffff:7f00:1",
    "64:ff9b::a00:1",
    "2001:db8::1",
    "not-an-ip",
  ])("%s is not public", (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8"])(
    "%s is public",
    (ip) => expect(isPublicAddress(ip)).toBe(true),
  );

  it("refuses local names at registration", () => {
    for (const h of [
      "localhost",
      "api.localhost",
      "metadata.google.internal",
      "printer.local",
      "127.0.0.1",
      "[::1]",
      "10.1.2.3",
      "intranet",
      "intranet.",
    ]) {
      expect(isForbiddenHost(h), h).toBe(true);
    }
    expect(isForbiddenHost("hooks.example.com")).toBe(false);
    expect(isForbiddenHost("8.8.8.8")).toBe(false);
  });
});

describe("postWebhook with private addresses refused", () => {
  let hits = 0;
  const server = http.createServer((_, res) => {
    hits++;
    res.end("ok");
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  const opts = { timeoutMs: 2_000, allowPrivate: false };

  it.each([
    ["http:// at all", () => `http://hooks.example.com/x`, /http: URLs are not allowed/],
    ["a loopback literal", () => `https://127.0.0.1:${port}/x`, /127\.0\.0\.1 is not a public address/],
    ["an IPv6 loopback literal", () => `https://[::1]:${port}/x`, /not a public address/],
    ["the cloud metadata address", () => "https://169.254.169.254/latest/meta-data", /not a public address/],
    ["a private literal", () => "https://10.0.0.1/x", /not a public address/],
    [
      "a name that resolves to loopback",
      () => `https://loopback.example.test:${port}/x`,
      /^refused: loopback\.example\.test is not a public address$/,
    ],
    ["a name without a dot", () => `https://intranet:${port}/x`, /^refused: intranet has no domain, so it is not a public address$/],
    ["localhost", () => `https://localhost:${port}/x`, /^refused: localhost has no domain, so it is not a public address$/],
  ])("refuses %s", async (_, url, message) => {
    const asked: string[] = [];
    // a DNS whose every answer is the loopback server
    const resolve: Resolver = (hostname, _options, callback) => {
      asked.push(hostname);
      callback(null, [{ address: "127.0.0.1", family: 4 }]);
    };
    const result = await postWebhook(url(), "{}", {}, { ...opts, resolve });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(message);
    expect(result.error).not.toContain("127.0.0.1:"); // never the address a name resolved to
    expect(hits).toBe(0);
    // a name without a dot is refused before it is looked up
    if (!url().includes(".example.")) expect(asked).toEqual([]);
  });

  it("reaches the same loopback server when private addresses are allowed (development)", async () => {
    const result = await postWebhook(`http://127.0.0.1:${port}/x`, "{}", {}, { ...opts, allowPrivate: true });
    expect(result).toMatchObject({ status: 200, excerpt: "ok", error: null });
    expect(hits).toBe(1);
  });
});
