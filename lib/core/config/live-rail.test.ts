import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { privateKeyToAddress } from "viem/accounts";
import { NETWORKS } from "./zkp2p-networks";
import { parseLiveRailSettings, RemoteSignerWallets, TakerKeys } from "./live-rail";

const KEY_A = `0x${"1a".repeat(32)}` as const;
const KEY_B = `0x${"2b".repeat(32)}` as const;
const urls = {
  ZKP2P_RPC_URL: "http://127.0.0.1:8545",
  ZKP2P_API_URL: "https://api.example.test/",
  ZKP2P_ATTESTATION_URL: "https://attest.example.test",
};

const problemsOf = (env: Record<string, string>) => {
  try {
    parseLiveRailSettings(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected the settings to be refused");
};

describe("the real rail's settings", () => {
  it("are absent when none is given: the deployment is sandbox-only", () => {
    expect(parseLiveRailSettings({})).toBeNull();
    expect(parseLiveRailSettings({ ZKP2P_CONFIRMATIONS: "3" })).toBeNull();
  });

  it("parse a complete set, with the package's addresses and published code hash", () => {
    const s = parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: `${KEY_A}, ${KEY_B}` })!;
    expect(s.network.name).toBe("base");
    expect(s.network.chainId).toBe(8453);
    expect(s.network.addresses.OrchestratorV3).toBe("0x014025fDE093f8701d86e9f38e2C3a9b779cb5c7");
    expect(s.network.usdc).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    // the package publishes the orchestrator's runtime code hash (and none for the escrow or verifier)
    expect(s.codeHashes.OrchestratorV3).toMatch(/^0x[0-9a-f]{64}$/);
    expect(s.codeHashes.EscrowV2).toBeUndefined();
    expect(s.apiUrl).toBe("https://api.example.test");
    expect(s.confirmations).toBe(2);
    expect(s.takerKeys.addresses).toEqual([privateKeyToAddress(KEY_A), privateKeyToAddress(KEY_B)]);
    expect((s.takerKeys as TakerKeys).keyOf(privateKeyToAddress(KEY_B))).toBe(KEY_B);
    expect(s.minWalletWei).toBe(2_000_000_000_000_000n);
    expect(s.stepLeaseMs).toBe(60_000);
  });

  it("take a step lease of 20 s or more, and refuse one shorter than an RPC call may take", () => {
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_STEP_LEASE: "20s" })!.stepLeaseMs).toBe(20_000);
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_STEP_LEASE: "5s" })).toContain("ZKP2P_STEP_LEASE: must be at least 20s");
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_STEP_LEASE: "soon" })).toContain("ZKP2P_STEP_LEASE: must be a duration");
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A })!.serviceTimeoutMs).toBe(10_000);
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A })!.lockTimeoutMs).toBe(600_000);
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_LOCK_TIMEOUT: "1s" })).toContain("ZKP2P_LOCK_TIMEOUT: must be at least 5s");
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A })!.lockConfirmWindowMs).toBe(120_000);
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_LOCK_CONFIRM_WINDOW: "30s" })!.lockConfirmWindowMs).toBe(30_000);
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_LOCK_CONFIRM_WINDOW: "10m" })).toContain(
      "ZKP2P_LOCK_CONFIRM_WINDOW: must be between 5s and 5m",
    );
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_SERVICE_TIMEOUT: "3s" })!.serviceTimeoutMs).toBe(3_000);
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_SERVICE_TIMEOUT: "30s" })).toContain(
      "ZKP2P_SERVICE_TIMEOUT: must be between 1s and 15s",
    );
  });

  it("give a price feed 25 h before it is stale: past Chainlink's daily heartbeat, never on it", () => {
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A })!.feedMaxAgeMs).toBe(25 * 3_600_000);
    expect(parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_FEED_MAX_AGE: "26h" })!.feedMaxAgeMs).toBe(26 * 3_600_000);
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_FEED_MAX_AGE: "a day" })).toContain(
      "ZKP2P_FEED_MAX_AGE: must be a duration",
    );
  });

  it("never print a key, however they are printed", () => {
    const s = parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS: KEY_A })!;
    for (const text of [
      JSON.stringify(s, (_, v) => (typeof v === "bigint" ? v.toString() : v)),
      inspect(s, { depth: 10 }),
      `${s.takerKeys}`,
      String(s.takerKeys),
    ]) {
      expect(text).not.toContain(KEY_A.slice(2));
      expect(text).toContain("[1 taker keys]");
    }
  });

  it("name every missing or malformed setting, and never repeat a key", () => {
    const typo = `0x${"1a".repeat(31)}zz`;
    const message = problemsOf({ ZKP2P_RPC_URL: "ftp://x", ZKP2P_TAKER_KEYS: `${KEY_A},${typo}`, ZKP2P_CONFIRMATIONS: "-1" });
    expect(message).toContain("ZKP2P_API_URL: missing");
    expect(message).toContain("ZKP2P_ATTESTATION_URL: missing");
    expect(message).toContain("ZKP2P_RPC_URL: must be an http(s) URL");
    expect(message).toContain("ZKP2P_TAKER_KEYS: entry 2 is not a private key");
    expect(message).toContain("ZKP2P_CONFIRMATIONS");
    expect(message).not.toContain("1a1a1a");
    expect(problemsOf({ ...urls })).toContain("ZKP2P_TAKER_KEYS or ZKP2P_TAKER_KEYS_FILE: missing");
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: `${KEY_A},${KEY_A}` })).toContain("listed twice");
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_NETWORK: "mainnet" })).toContain("ZKP2P_NETWORK");
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_CODE_HASHES: "Orchestrator=0x12" })).toContain("ZKP2P_CODE_HASHES");
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_MIN_WALLET_ETH: "lots" })).toContain("ZKP2P_MIN_WALLET_ETH");
  });

  it("read keys from a file, one a line with comments, and refuse an unreadable one without echoing its path's content", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keys-"));
    const file = path.join(dir, "keys");
    fs.writeFileSync(file, `# taker wallets\n${KEY_A}\n\n${KEY_B} # second\n`);
    const s = parseLiveRailSettings({ ...urls, ZKP2P_TAKER_KEYS_FILE: file })!;
    expect(s.takerKeys.size).toBe(2);
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS_FILE: path.join(dir, "none") })).toContain("cannot be read (ENOENT)");
    expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS_FILE: file, ZKP2P_TAKER_KEYS: KEY_A })).toContain("not both");
    fs.rmSync(dir, { recursive: true });
  });

  it("take another network's contracts, and code hashes for contracts the package does not pin", () => {
    const hash = `0x${"ab".repeat(32)}`;
    const s = parseLiveRailSettings({
      ...urls,
      ZKP2P_TAKER_KEYS: KEY_A,
      ZKP2P_NETWORK: "baseStaging",
      ZKP2P_CODE_HASHES: `EscrowV2=${hash}`,
      ZKP2P_MIN_WALLET_ETH: "0.05",
    })!;
    expect(s.network.addresses.OrchestratorV3).toBe(NETWORKS.baseStaging.addresses.OrchestratorV3);
    expect(s.network.addresses.OrchestratorV3).not.toBe(NETWORKS.base.addresses.OrchestratorV3);
    expect(s.codeHashes.EscrowV2).toBe(hash);
    expect(s.codeHashes.OrchestratorV3).toBe(NETWORKS.baseStaging.publishedCodeHashes.OrchestratorV3);
    expect(s.minWalletWei).toBe(50_000_000_000_000_000n);
  });

  describe("with a remote signer", () => {
    const A = "0x8e395048d3939188e5f8e0d78cbe0428a267d33e";
    const B = "0x99Fe70B9Fbe8e975776CBfd0683002bE26B0d613";
    const signer = { ...urls, ZKP2P_SIGNER_URL: "https://user:pw@signer.example.test:9000/rpc/", ZKP2P_TAKER_ADDRESSES: `${A}, ${B}` };

    it("take the wallets' addresses and the signer instead of keys, and never print the token", () => {
      const s = parseLiveRailSettings({ ...signer, ZKP2P_SIGNER_TOKEN: "s3cret-token" })!;
      expect(s.takerKeys).toBeInstanceOf(RemoteSignerWallets);
      const wallets = s.takerKeys as RemoteSignerWallets;
      expect(wallets.addresses).toEqual(["0x8E395048D3939188e5F8e0D78cbE0428a267D33E", B]);
      expect(wallets.url).toBe("https://user:pw@signer.example.test:9000/rpc");
      expect(wallets.credentials().token).toBe("s3cret-token");
      expect(wallets.name).toBe("the signer at signer.example.test:9000");
      for (const text of [
        JSON.stringify(s, (_, v) => (typeof v === "bigint" ? v.toString() : v)),
        inspect(s, { depth: 10 }),
        `${s.takerKeys}`,
      ]) {
        expect(text).not.toContain("s3cret-token");
        expect(text).not.toContain("pw@");
      }
    });

    it("refuse keys beside a signer, and name every signer setting that is wrong", () => {
      expect(problemsOf({ ...signer, ZKP2P_TAKER_KEYS: KEY_A })).toContain(
        "ZKP2P_SIGNER_URL and ZKP2P_TAKER_KEYS: set one of them, not both (with a signer, the keys stay in the signer)",
      );
      expect(problemsOf({ ...signer, ZKP2P_TAKER_KEYS_FILE: "/etc/keys" })).toContain("ZKP2P_SIGNER_URL and ZKP2P_TAKER_KEYS_FILE");
      expect(problemsOf({ ...signer, ZKP2P_TAKER_ADDRESSES: "" })).toContain("ZKP2P_TAKER_ADDRESSES: missing");
      expect(problemsOf({ ...signer, ZKP2P_TAKER_ADDRESSES: `${A},0x12` })).toContain("ZKP2P_TAKER_ADDRESSES: entry 2 is not an address");
      expect(problemsOf({ ...signer, ZKP2P_TAKER_ADDRESSES: `${A},${A.toUpperCase().replace("0X", "0x")}` })).toContain("listed twice");
      expect(problemsOf({ ...signer, ZKP2P_SIGNER_URL: "ftp://signer" })).toContain("ZKP2P_SIGNER_URL: must be an http(s) URL");
      expect(problemsOf({ ...signer, ZKP2P_SIGNER_CERT_FILE: "/nope/cert.pem" })).toContain(
        "ZKP2P_SIGNER_CERT_FILE and ZKP2P_SIGNER_KEY_FILE: set both",
      );
      expect(problemsOf({ ...signer, ZKP2P_SIGNER_CA_FILE: "/nope/ca.pem" })).toContain("ZKP2P_SIGNER_CA_FILE: cannot be read (ENOENT)");
      expect(problemsOf({ ...signer, ZKP2P_SIGNER_URL: "http://signer:9000", ZKP2P_SIGNER_CA_FILE: "/nope/ca.pem" })).toContain(
        "ZKP2P_SIGNER_CA_FILE: the signer's TLS files need an https ZKP2P_SIGNER_URL",
      );
      // the signer's settings without a signer are a mistake, not ignored
      expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_TAKER_ADDRESSES: A })).toContain(
        "ZKP2P_TAKER_ADDRESSES: only with ZKP2P_SIGNER_URL",
      );
      expect(problemsOf({ ...urls, ZKP2P_TAKER_KEYS: KEY_A, ZKP2P_SIGNER_TOKEN: "t" })).toContain(
        "ZKP2P_SIGNER_TOKEN: only with ZKP2P_SIGNER_URL",
      );
    });

    it("read the mutual TLS files once, at start", () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signer-tls-"));
      for (const f of ["ca", "cert", "key"]) fs.writeFileSync(path.join(dir, `${f}.pem`), `-----${f}-----`);
      const s = parseLiveRailSettings({
        ...signer,
        ZKP2P_SIGNER_CA_FILE: path.join(dir, "ca.pem"),
        ZKP2P_SIGNER_CERT_FILE: path.join(dir, "cert.pem"),
        ZKP2P_SIGNER_KEY_FILE: path.join(dir, "key.pem"),
      })!;
      expect((s.takerKeys as RemoteSignerWallets).credentials().tls).toEqual({
        ca: "-----ca-----",
        cert: "-----cert-----",
        key: "-----key-----",
      });
      expect(inspect(s, { depth: 10 })).not.toContain("-----key-----");
      fs.rmSync(dir, { recursive: true });
    });
  });
});
