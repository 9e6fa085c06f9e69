import { describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER } from "./client-ip";

const req = (h: Record<string, string>) => new Headers(h);

describe("the client's address", () => {
  it("is the connection's own address when no proxy is trusted, whatever the client sends", () => {
    const h = req({ [PEER_HEADER]: "198.51.100.7", "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7" });
    expect(clientAddress(h, 0, true)).toBe("198.51.100.7");
  });

  it("skips the trusted proxies from the right of X-Forwarded-For", () => {
    // client forged 6.6.6.6; the CDN saw 203.0.113.9 and the local proxy saw the CDN at 10.0.0.2
    const h = req({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(clientAddress(h, 1, true)).toBe("10.0.0.2");
    expect(clientAddress(h, 2, true)).toBe("203.0.113.9");
  });

  it("a forged first entry never wins behind one trusted proxy", () => {
    const h = req({ [PEER_HEADER]: "::1", "x-forwarded-for": "6.6.6.6, 198.51.100.20" });
    expect(clientAddress(h, 1, true)).toBe("198.51.100.20");
  });

  it("falls back to the leftmost hop when there are fewer hops than trusted proxies", () => {
    expect(clientAddress(req({ [PEER_HEADER]: "127.0.0.1" }), 2, true)).toBe("127.0.0.1");
    expect(clientAddress(req({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "198.51.100.1" }), 3, true)).toBe("198.51.100.1");
  });

  it("normalises mapped IPv4, brackets and ports", () => {
    expect(clientAddress(req({ [PEER_HEADER]: "::ffff:192.0.2.10" }), 0, true)).toBe("192.0.2.10");
    expect(clientAddress(req({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "[2001:DB8::1]:443" }), 1, true)).toBe("2001:db8::1");
    expect(clientAddress(req({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "198.51.100.3:5555" }), 1, true)).toBe("198.51.100.3");
  });

  it("is 'unknown' without a connection address (not served by the service's own server)", () => {
    expect(clientAddress(req({ "x-forwarded-for": "6.6.6.6" }), 0, true)).toBe("unknown");
  });

  it("ignores the connection-address header under any other server, where a client could have sent it", () => {
    expect(clientAddress(req({ [PEER_HEADER]: "198.51.100.7" }), 0, false)).toBe("unknown");
    expect(clientAddress(req({ [PEER_HEADER]: "198.51.100.7", "x-forwarded-for": "203.0.113.5" }), 1, false)).toBe("203.0.113.5");
  });
});
