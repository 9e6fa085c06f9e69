import { describe, expect, it } from "vitest";
import { addressGroup, clientAddress, PEER_HEADER, unknownAddressWarning } from "./client-ip";

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

describe("what an address rule counts a client by", () => {
  it("an IPv6 address by its /64, however it is written", () => {
    const group = addressGroup("2001:db8:85a3:12::1");
    expect(group).toBe("2001:db8:85a3:12::/64");
    for (const sibling of ["2001:0db8:85a3:0012:ffff:ffff:ffff:fffe", "2001:db8:85a3:12:dead:beef::7", "2001:DB8:85A3:12::"]) {
      expect(addressGroup(sibling)).toBe(group);
    }
    expect(addressGroup("2001:db8:85a3:13::1")).not.toBe(group); // the next /64 is another network
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("an IPv4 address alone, and anything else as it is", () => {
    expect(addressGroup("192.0.2.10")).toBe("192.0.2.10");
    expect(addressGroup("192.0.2.11")).toBe("192.0.2.11");
    expect(addressGroup("unknown")).toBe("unknown");
  });

  it("the service says at start-up when it cannot know its clients' addresses", () => {
    expect(unknownAddressWarning(true)).toBeNull();
    expect(unknownAddressWarning(false)).toMatch(/every client counts as the one address 'unknown'.*npm start/);
  });
});
