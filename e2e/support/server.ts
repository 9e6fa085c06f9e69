import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A server of the test's own (the built app, served as `npm start` serves it) with settings of its own, on a fresh
 * embedded database; for tests that kill it or need other lifetimes than the shared server.
 */
export class OwnServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-own-"));
  private chosenPort?: number;
  private child?: ChildProcess;

  constructor(private readonly env: Record<string, string> = {}) {}

  /**
   * A port the system gave out as free, chosen at the first start and kept across restarts. A fixed
   * range per test collided with the production topology's ports, and the readiness check then got its
   * answer from another server.
   */
  get port(): number {
    if (this.chosenPort === undefined) throw new Error("the server has no port until it is started");
    return this.chosenPort;
  }

  get base(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    for (let tries = 1; ; tries++) {
      const fresh = this.chosenPort === undefined;
      this.chosenPort ??= await freePort();
      const child = spawn(process.execPath, [path.resolve("scripts/server.mjs"), "-p", String(this.chosenPort)], {
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
      this.child = child;
      try {
        return await this.ready(child);
      } catch (err) {
        // taken between the choice and the listen: another port, if this start chose it
        if (!fresh || tries === 3 || child.exitCode === null) throw err;
        this.chosenPort = undefined;
      }
    }
  }

  /** Until this child answers its health check; an answer counts only while the child is alive. */
  private async ready(child: ChildProcess): Promise<void> {
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
      try {
        if ((await fetch(`${this.base}/api/health`)).ok && child.exitCode === null) return;
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

/** A TCP port that nothing listens on now, as the system hands them out. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
