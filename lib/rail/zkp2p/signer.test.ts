import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Address, type Hex, hexToBigInt, hexToNumber, keccak256, parseTransaction } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { parseLiveRailSettings, RemoteSignerWallets } from "@/lib/core/config/live-rail";
import { RailChain } from "./chain";
import { RemoteSigner, signerProblems, type UnsignedTx } from "./signer";

// The rail's side of a remote signer, against a small JSON-RPC signer over HTTP that holds one key and
// can be told to misbehave: whatever it returns is checked against the transaction asked for.

const KEY = generatePrivateKey();
const WALLET = privateKeyToAccount(KEY).address;
const OTHER_KEY = generatePrivateKey();
const TOKEN = "signer-token-never-printed";
const ORCHESTRATOR = "0x014025fDE093f8701d86e9f38e2C3a9b779cb5c7" as Address;

type Request = {
  from: Address;
  to: Address;
  data: Hex;
  value: Hex;
  nonce: Hex;
  gas: Hex;
  maxFeePerGas: Hex;
  maxPriorityFeePerGas: Hex;
  chainId: Hex;
};
type Unsigned = UnsignedTx;

/** How the fake signer behaves: what it changes before signing, with which key, or how it fails. */
let behaviour: {
  tamper?: (tx: Unsigned) => Unsigned;
  key?: Hex;
  hang?: boolean;
  noAccounts?: boolean;
  accounts?: Address[];
  answer?: unknown;
};
const seen: { method: string; authorization?: string; params: unknown[] }[] = [];

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      seen.push({ method, authorization: req.headers.authorization, params });
      if (behaviour.hang) return; // never answers
      const reply = (payload: object) => res.end(JSON.stringify({ jsonrpc: "2.0", id, ...payload }));
      if (method === "eth_accounts") {
        if (behaviour.noAccounts) return reply({ error: { code: -32601, message: "Method not found" } });
        return reply({ result: behaviour.accounts ?? [WALLET.toLowerCase()] });
      }
      if (method !== "eth_signTransaction") return reply({ error: { code: -32601, message: "Method not found" } });
      if (behaviour.answer !== undefined) return reply({ result: behaviour.answer });
      const r = params[0] as Request;
      let tx: Unsigned = {
        chainId: hexToNumber(r.chainId),
        to: r.to,
        data: r.data,
        value: hexToBigInt(r.value),
        nonce: hexToNumber(r.nonce),
        gas: hexToBigInt(r.gas),
        maxFeePerGas: hexToBigInt(r.maxFeePerGas),
        maxPriorityFeePerGas: hexToBigInt(r.maxPriorityFeePerGas),
      };
      if (behaviour.tamper) tx = behaviour.tamper(tx);
      reply({ result: await privateKeyToAccount(behaviour.key ?? KEY).signTransaction({ type: "eip1559", ...tx }) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  behaviour = {};
  seen.length = 0;
});

const settings = (extra: Record<string, string> = {}) =>
  parseLiveRailSettings({
    // nothing listens there: signing with every field given never asks the node
    ZKP2P_RPC_URL: "http://127.0.0.1:9",
    ZKP2P_API_URL: "http://127.0.0.1:9",
    ZKP2P_ATTESTATION_URL: "http://127.0.0.1:9",
    ZKP2P_SIGNER_URL: url,
    ZKP2P_TAKER_ADDRESSES: WALLET,
    ZKP2P_SIGNER_TOKEN: TOKEN,
    ZKP2P_SERVICE_TIMEOUT: "1s",
    ...extra,
  })!;

const ASKED = {
  to: ORCHESTRATOR,
  data: "0xdeadbeef" as Hex,
  nonce: 7,
  gas: 210_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
};
const sign = (extra: Record<string, string> = {}) => new RailChain(settings(extra)).sign(WALLET, ASKED);

describe("a remote signer", () => {
  it("signs the transaction asked for, with the bearer token, and the process holds no key", async () => {
    const s = settings();
    expect(s.takerKeys.kind).toBe("remote");
    expect(s.takerKeys.addresses).toEqual([WALLET]);
    const signed = await new RailChain(s).sign(WALLET, ASKED);
    expect(signed.hash).toBe(keccak256(signed.raw));
    expect(parseTransaction(signed.raw)).toMatchObject({ chainId: 8453, nonce: 7, to: ORCHESTRATOR.toLowerCase(), data: "0xdeadbeef" });
    expect(seen).toEqual([
      {
        method: "eth_signTransaction",
        authorization: `Bearer ${TOKEN}`,
        params: [expect.objectContaining({ from: WALLET, chainId: "0x2105", nonce: "0x7", type: "0x2" })],
      },
    ]);
  });

  it.each([
    ["another nonce", { tamper: (tx: Unsigned) => ({ ...tx, nonce: tx.nonce + 1 }) }, "nonce 8, not 7"],
    [
      "another recipient",
      { tamper: (tx: Unsigned) => ({ ...tx, to: "0x000000000000000000000000000000000000dead" as Address }) },
      "to 0x000000000000000000000000000000000000dead, not",
    ],
    ["another chain", { tamper: (tx: Unsigned) => ({ ...tx, chainId: 1 }) }, "chainId 1, not 8453"],
    ["other calldata", { tamper: (tx: Unsigned) => ({ ...tx, data: "0xdeadbeee" as Hex }) }, "data 0xdeadbeee, not 0xdeadbeef"],
    ["a value", { tamper: (tx: Unsigned) => ({ ...tx, value: 1n }) }, "value 1, not 0"],
    ["more gas", { tamper: (tx: Unsigned) => ({ ...tx, gas: 3_000_000n }) }, "gas 3000000, not 210000"],
    ["a higher fee", { tamper: (tx: Unsigned) => ({ ...tx, maxFeePerGas: 9_000_000_000n }) }, "maxFeePerGas 9000000000"],
    ["another wallet's signature", { key: OTHER_KEY }, `sender ${privateKeyToAccount(OTHER_KEY).address.toLowerCase()}`],
  ])("refuses a transaction signed with %s", async (_, b, difference) => {
    behaviour = b;
    const err = (await sign().catch((e: Error) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toContain(`the signer at 127.0.0.1:${new URL(url).port} returned a different transaction`);
    expect(err.message).toContain(difference);
    expect(err.message).not.toContain(TOKEN);
  });

  it("refuses an answer that is not a signed transaction", async () => {
    behaviour = { answer: "0x1234" };
    await expect(sign()).rejects.toThrow("returned bytes that are not a signed transaction");
    behaviour = { answer: { nope: true } };
    await expect(sign()).rejects.toThrow("answered eth_signTransaction with something that is not signed transaction bytes");
  });

  it("gives up on a signer that does not answer, naming the signer and never the token", async () => {
    behaviour = { hang: true };
    const started = Date.now();
    const err = (await sign().catch((e: Error) => e)) as Error;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.message).toBe(`the signer at 127.0.0.1:${new URL(url).port} did not answer eth_signTransaction within 1s`);
  });

  it("names a signer that cannot be reached", async () => {
    await expect(sign({ ZKP2P_SIGNER_URL: "http://127.0.0.1:9" })).rejects.toThrow(
      "the signer at 127.0.0.1:9 could not be reached for eth_signTransaction (ECONNREFUSED)",
    );
  });

  it("is checked at start-up: it answers, and holds every taker wallet (a signer without eth_accounts is not asked)", async () => {
    expect(await signerProblems(settings())).toEqual([]);
    const missing = privateKeyToAccount(OTHER_KEY).address;
    expect(await signerProblems(settings({ ZKP2P_TAKER_ADDRESSES: `${WALLET},${missing}` }))).toEqual([
      `ZKP2P_TAKER_ADDRESSES: the signer at 127.0.0.1:${new URL(url).port} does not hold ${missing} (eth_accounts does not list it)`,
    ]);
    behaviour = { noAccounts: true };
    expect(await signerProblems(settings({ ZKP2P_TAKER_ADDRESSES: `${WALLET},${missing}` }))).toEqual([]);
    behaviour = { hang: true };
    expect(await signerProblems(settings())).toEqual([
      `ZKP2P_SIGNER_URL: the signer at 127.0.0.1:${new URL(url).port} did not answer eth_accounts within 1s`,
    ]);
  });

  it("signs with raw keys as before when they are configured, checked the same way", async () => {
    const s = parseLiveRailSettings({
      ZKP2P_RPC_URL: "http://127.0.0.1:9",
      ZKP2P_API_URL: "http://127.0.0.1:9",
      ZKP2P_ATTESTATION_URL: "http://127.0.0.1:9",
      ZKP2P_TAKER_KEYS: KEY,
    })!;
    expect(s.takerKeys.kind).toBe("keys");
    const signed = await new RailChain(s).sign(WALLET, ASKED);
    expect(parseTransaction(signed.raw).nonce).toBe(7);
    expect(seen).toEqual([]);
    // the start-up check has no signer to ask
    expect(await signerProblems(s)).toEqual([]);
  });

  it("reaches an https signer with mutual TLS, and without our client certificate it is refused", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signer-mtls-"));
    const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
    const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    openssl("req", "-x509", ...ec, "-keyout", "ca-key.pem", "-out", "ca.pem", "-days", "2", "-subj", "/CN=signer test CA");
    for (const [name, usage, san] of [
      ["server", "serverAuth", "subjectAltName = IP:127.0.0.1"],
      ["client", "clientAuth", "subjectAltName = DNS:checkout"],
    ] as const) {
      fs.writeFileSync(path.join(dir, `${name}.ext`), `extendedKeyUsage = ${usage}\n${san}\n`);
      openssl("req", "-new", ...ec, "-keyout", `${name}-key.pem`, "-out", `${name}.csr`, "-subj", `/CN=${name}`);
      openssl(
        "x509",
        "-req",
        "-in",
        `${name}.csr`,
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca-key.pem",
        "-CAcreateserial",
        "-out",
        `${name}.pem`,
        "-days",
        "2",
        "-extfile",
        `${name}.ext`,
      );
    }
    const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8");
    const tlsServer = https.createServer(
      { key: read("server-key.pem"), cert: read("server.pem"), ca: read("ca.pem"), requestCert: true, rejectUnauthorized: true },
      (req, res) => {
        req.resume();
        req.on("end", () => res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: [WALLET] })));
      },
    );
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const tlsUrl = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
    try {
      const withCert = new RemoteSignerWallets(tlsUrl, [WALLET], {
        tls: { ca: read("ca.pem"), cert: read("client.pem"), key: read("client-key.pem") },
      });
      expect(await new RemoteSigner(withCert, 2_000).accounts()).toEqual([WALLET]);
      const withoutCert = new RemoteSignerWallets(tlsUrl, [WALLET], { tls: { ca: read("ca.pem") } });
      await expect(new RemoteSigner(withoutCert, 2_000).accounts()).rejects.toThrow(
        `the signer at 127.0.0.1:${new URL(tlsUrl).port} could not be reached for eth_accounts`,
      );
      // nor is a signer whose certificate our CA did not sign
      const otherCa = new RemoteSignerWallets(tlsUrl, [WALLET], { tls: { cert: read("client.pem"), key: read("client-key.pem") } });
      await expect(new RemoteSigner(otherCa, 2_000).accounts()).rejects.toThrow("could not be reached for eth_accounts");
    } finally {
      tlsServer.closeAllConnections();
      await new Promise((resolve) => tlsServer.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
