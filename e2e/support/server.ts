import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A server of the test's own (the built app, served as `npm start` serves it) with settings of its own, on a fresh
 * embedded database; for tests that kill it or need other lifetimes than the shared server.
 */
export class OwnServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-own-"));
  readonly base: string;
  private child?: ChildProcess;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.base = `http://localhost:${port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [path.resolve("scripts/server.mjs"), "-p", String(this.port)], {
      env: {
        ...process.env,
        DATA_DIR: this.dataDir,
        APP_URL: this.base,
        ALLOW_PRIVATE_WEBHOOK_URLS: "true",
        LOG_LEVEL: "warn",
        ...this.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const until = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error("server did not become ready");
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async kill(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  }
}
