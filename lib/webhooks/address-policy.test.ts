import type dns from "node:dns";
import { describe, expect, it } from "vitest";
import { RefusedAddress, type Resolver, webhookLookup } from "./address-policy";

// The lookup every webhook connection uses. Node connects with happy eyeballs (autoSelectFamily),
// asks for every address (`all: true`) and may try any of them, so the policy must hold for all.

const PUBLIC_V4 = { address: "93.184.216.34", family: 4 };
const PUBLIC_V6 = { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 };
const PRIVATE_V4 = { address: "10.0.0.7", family: 4 };
const LOOPBACK_V6 = { address: "::1", family: 6 };

/** A DNS that answers every name with `addresses`, remembering what it was asked. */
function fakeDns(addresses: dns.LookupAddress[]) {
  const asked: dns.LookupAllOptions[] = [];
  const resolve: Resolver = (_hostname, options, callback) => {
    asked.push(options);
    setImmediate(() => callback(null, addresses));
  };
  return { resolve, asked };
}

type Answer = { err: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[]; family?: number };

function lookup(
  addresses: dns.LookupAddress[],
  options: dns.LookupOptions,
  allowPrivate = false,
): Promise<Answer & { asked: dns.LookupAllOptions[] }> {
  const fake = fakeDns(addresses);
  return new Promise((resolve) =>
    webhookLookup({ allowPrivate, resolve: fake.resolve })("hooks.example.com", options, (err, address, family) =>
      resolve({ err, address, family, asked: fake.asked }),
    ),
  );
}

describe("webhookLookup", () => {
  it("refuses a name when any of its addresses is not public, whichever comes first", async () => {
    for (const addresses of [
      [PUBLIC_V4, PRIVATE_V4],
      [PRIVATE_V4, PUBLIC_V4],
      [PUBLIC_V6, LOOPBACK_V6],
    ]) {
      for (const all of [true, false]) {
        const { err } = await lookup(addresses, { all });
        expect(err, JSON.stringify({ addresses, all })).toBeInstanceOf(RefusedAddress);
        const bad = addresses.find((a) => a !== PUBLIC_V4 && a !== PUBLIC_V6)!;
        // what an internal name resolves to is never told: the record says only that it is not public
        expect(err!.message).toBe("refused: hooks.example.com is not a public address");
        expect(err!.message).not.toContain(bad.address);
      }
    }
  });

  it("answers every address when Node asks for all of them", async () => {
    const { err, address, asked } = await lookup([PUBLIC_V6, PUBLIC_V4], { all: true });
    expect(err).toBeNull();
    expect(address).toEqual([PUBLIC_V6, PUBLIC_V4]);
    expect(asked).toEqual([{ all: true }]);
  });

  it("answers one address and its family when Node asks for one", async () => {
    const { err, address, family, asked } = await lookup([PUBLIC_V4, PUBLIC_V6], { family: 4, hints: 32 });
    expect(err).toBeNull();
    expect(address).toBe(PUBLIC_V4.address);
    expect(family).toBe(4);
    // the family and hints Node asked for reach the resolver; the policy still sees every address
    expect(asked).toEqual([{ family: 4, hints: 32, all: true }]);
  });

  it("lets private addresses through only when they are allowed (development)", async () => {
    const { err, address } = await lookup([PUBLIC_V4, PRIVATE_V4], { all: true }, true);
    expect(err).toBeNull();
    expect(address).toEqual([PUBLIC_V4, PRIVATE_V4]);
  });

  it("passes a resolver's failure on, and treats an empty answer as not found", async () => {
    const failing: Resolver = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    const err = await new Promise<NodeJS.ErrnoException | null>((r) =>
      webhookLookup({ allowPrivate: false, resolve: failing })("nope.example", {}, (e) => r(e)),
    );
    expect(err?.code).toBe("ENOTFOUND");
    const { err: empty } = await lookup([], { all: true });
    expect(empty?.code).toBe("ENOTFOUND");
  });
});
