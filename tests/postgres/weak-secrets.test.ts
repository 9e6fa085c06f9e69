import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A deployment (DATABASE_URL set) whose APP_SECRET or NEXTAUTH_SECRET is not 32 random bytes does
// not start: `npm run worker`, on this file's database, stops at once with the reason and what to use.

const ROOT = path.resolve(import.meta.dirname, "../..");

function startWorker(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("a deployment's secrets", () => {
  it("a weak APP_SECRET stops the worker at start-up, saying why and what to use, never the secret", async () => {
    const weak = "our-app-secret-2026";
    const { code, output } = await startWorker({ APP_SECRET: weak });
    expect(code).toBe(1);
    expect(output).toContain("refusing to start");
    expect(output).toContain(
      "APP_SECRET is too weak: it holds 14 bytes at most (19 characters). When DATABASE_URL is set, use at least 32 random bytes",
    );
    expect(output).toContain("openssl rand -base64 32");
    expect(output).not.toContain(weak);
    expect(output).not.toContain('"msg":"local dispatcher started"');
  });
});
