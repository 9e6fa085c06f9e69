// Databases: PostgreSQL only: it checks where checkout-cli sends the key, whatever database answers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "@/scripts/cli";

// checkout-cli carries the merchant's API key: it never sends it in the clear over the network, and
// never lets a redirect take it somewhere else.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await main(argv, { log: (l) => lines.push(l), error: (l) => lines.push(l) });
  return { code, output: lines.join("\n") };
}

describe("checkout-cli --base-url", () => {
  it("refuses plain http to anything but this machine, before sending anything", async () => {
    for (const base of ["http://checkout.example.com", "http://10.0.0.5:3000", "http://[2001:db8::1]"]) {
      const { code, output } = await run("trigger", "order.fulfilled", "--api-key", "ck_secret", "--base-url", base);
      expect(code, base).toBe(2);
      expect(output).toContain("is plain http, which would send your API key unencrypted; use https");
      expect(output).not.toContain("ck_secret");
    }
    expect((await run("trigger", "order.fulfilled", "--api-key", "ck_secret", "--base-url", "ftp://example.com")).code).toBe(2);
  });

  it("talks plain http to loopback, and never follows a redirect with the key", async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = await serve((req, res) => {
      seen.push(req.headers["x-api-key"] as string | undefined);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    const redirecting = await serve((req, res) => {
      res.writeHead(302, { location: `${elsewhere.replace("127.0.0.1", "localhost")}${req.url}` }).end();
    });
    const { code, output } = await run("trigger", "order.fulfilled", "--api-key", "ck_secret", "--base-url", redirecting);
    expect(code).toBe(1);
    expect(output).toMatch(/302 redirects to http:\/\/localhost:\d+\/api\/.*; not followed, since it would carry your API key/);
    expect(seen).toEqual([]);
  });
});
