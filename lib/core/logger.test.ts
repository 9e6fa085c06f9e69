import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it, vi } from "vitest";
import { redactConsoleErrors, redactQueryParams } from "./logger";

const failed = () =>
  new DrizzleQueryError(
    'select * from "checkout_sessions" where "id" = $1',
    ["sess_payer_bearer_token", "metadata-secret"],
    Object.assign(new Error("boom"), { code: "57P01" }),
  );

describe("query parameters never reach a printed error", () => {
  it("redacts drizzle's params from the message and the stack, keeping the query and the code", () => {
    const e = redactQueryParams(failed()) as Error & { code?: string };
    expect(e.message).toContain('select * from "checkout_sessions"');
    expect(e.message).not.toContain("sess_payer_bearer_token");
    expect(e.stack).not.toContain("sess_payer_bearer_token");
    expect(e.stack).toContain("logger.test.ts");
    expect(e.code).toBe("57P01");
  });

  it("redacts a message passed as text (next-auth logs error messages as strings)", () => {
    const text = redactQueryParams(`JWT_SESSION_ERROR ${failed().message}`) as string;
    expect(text).toContain("params: [redacted]");
    expect(text).not.toContain("sess_payer_bearer_token");
  });

  it("leaves other values alone", () => {
    const plain = new Error("plain");
    expect(redactQueryParams(plain)).toBe(plain);
    expect(redactQueryParams("text")).toBe("text");
  });

  it("console.error as Next.js calls it prints no parameter", () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(" "));
    });
    try {
      redactConsoleErrors();
      console.error("⨯", failed());
      expect(printed.join("\n")).toContain("params: [redacted]");
      expect(printed.join("\n")).not.toContain("sess_payer_bearer_token");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("under the service's own server", () => {
  it("writes stdout's lines once per turn of the event loop, a warning after what waits, and the rest at exit", async () => {
    const { execFile } = await import("node:child_process");
    // a process as the service's own server runs it (its settings switch the batching on); every write counted
    const script = `
      const writes = { out: 0, err: 0 };
      const out = process.stdout.write.bind(process.stdout);
      const err = process.stderr.write.bind(process.stderr);
      const order = [];
      process.stdout.write = (s) => { writes.out++; order.push(...String(s).trim().split("\\n").map((l) => JSON.parse(l).msg)); return out(s); };
      process.stderr.write = (s) => { writes.err++; order.push(JSON.parse(s).msg); return err(s); };
      const { batchStdout, logger } = await import("@/lib/core/logger");
      batchStdout(true); // as the settings do under the service's own server
      for (let i = 0; i < 50; i++) logger.info("line " + i);
      await new Promise((r) => setImmediate(r));
      const afterTurn = writes.out;
      logger.info("before the warning");
      logger.warn("a warning");
      logger.info("at exit");
      process.on("exit", () => err(JSON.stringify({ msg: "counts", afterTurn, ...writes, order }) + "\\n"));
    `;
    const stderr = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd() }, (e, _out, errText) =>
        e ? reject(e) : resolve(errText),
      ),
    );
    const counts = JSON.parse(stderr.trim().split("\n").at(-1)!);
    expect(counts.afterTurn).toBe(1); // fifty lines, one write
    expect(counts.out).toBe(3); // then what waited before the warning, and the last line at exit
    expect(counts.err).toBe(1);
    expect(counts.order.slice(48)).toEqual(["line 48", "line 49", "before the warning", "a warning", "at exit"]);
  });
});
