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
