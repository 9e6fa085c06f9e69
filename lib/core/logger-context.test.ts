import { afterEach, describe, expect, it, vi } from "vitest";
import { currentRequestId, logger, setLogLevel, withLogContext } from "./logger";

function capture(): string[] {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(keep);
  vi.spyOn(process.stderr, "write").mockImplementation(keep);
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel("info");
});

describe("log lines", () => {
  it("are one JSON object each, with time, level and message", () => {
    const lines = capture();
    logger.info("hello", { n: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", msg: "hello", n: 1, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it("carry the request id and job ids of the work that caused them, through awaits", async () => {
    const lines = capture();
    await withLogContext({ requestId: "req-1" }, async () => {
      expect(currentRequestId()).toBe("req-1");
      await new Promise((r) => setTimeout(r, 1));
      await withLogContext({ deliveryId: "dlv_1" }, async () => {
        await Promise.resolve();
        logger.warn("inner");
      });
      logger.info("outer");
    });
    logger.info("outside");
    const [inner, outer, outside] = lines.map((l) => JSON.parse(l));
    expect(inner).toMatchObject({ msg: "inner", requestId: "req-1", deliveryId: "dlv_1" });
    expect(outer).toMatchObject({ msg: "outer", requestId: "req-1" });
    expect(outer.deliveryId).toBeUndefined();
    expect(outside.requestId).toBeUndefined();
    expect(currentRequestId()).toBeUndefined();
  });

  it("never carry keys, secrets, passwords, tokens, proofs or query parameters, at the top or one level down", () => {
    const lines = capture();
    const secret = "sk_live_0123456789abcdef";
    logger.error("oops", {
      apiKey: secret,
      secret,
      password: secret,
      token: secret,
      proof: { claim: secret },
      params: [secret],
      query: { q: secret },
      webhook: { secret, signingSecret: secret, url: "https://example.test/hook" },
      headers: { authorization: `Bearer ${secret}`, cookie: secret },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({ apiKey: "[redacted]", webhook: { url: "https://example.test/hook" } });
  });

  it("never carry people's addresses, mail, second-factor codes or proof material, at any depth; error codes stay", () => {
    const lines = capture();
    const secret = "ada@example.com 493817 sealed-material";
    logger.warn("deep", {
      email: secret,
      mail: { to: secret, text: secret, html: secret },
      attempt: { person: { sign: { code: "493817", recoveryCode: secret } } },
      order: { rail: { attestation: { data: secret }, paymentProof: secret, extension: { encryptedSessionMaterial: secret } } },
      list: [{ email: secret }, [{ token: secret }]],
      code: "ECONNREFUSED",
      db: { code: "40001" },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("ada@example.com");
    expect(lines[0]).not.toContain("493817");
    expect(lines[0]).not.toContain("sealed-material");
    expect(JSON.parse(lines[0]!)).toMatchObject({
      code: "ECONNREFUSED",
      db: { code: "40001" },
      attempt: { person: { sign: { code: "[redacted]" } } },
    });
  });

  it("below the level are not written; warnings and errors go to stderr", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    setLogLevel("warn");
    logger.info("quiet");
    logger.warn("loud");
    logger.error("louder");
    expect(out).not.toHaveBeenCalled();
    expect(err).toHaveBeenCalledTimes(2);
  });
});
