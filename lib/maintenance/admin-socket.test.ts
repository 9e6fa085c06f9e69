import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { claimAdminSocket } from "./admin-socket";

// The admin socket answers the operator's commands (backups, restores) for the process holding the
// data folder: no other local user may connect to it, not even for a moment after it starts listening.

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("the admin socket", () => {
  it("is owner-only from the moment it listens, under the usual umask", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-sock-"));
    dirs.push(dir);
    const before = process.umask(0o022); // what a service usually runs with: files readable by all
    const modes: number[] = [];
    const chmod = fs.chmodSync;
    // what the socket's mode was before anything narrowed it
    vi.spyOn(fs, "chmodSync").mockImplementation((p, mode) => {
      modes.push(fs.statSync(p).mode & 0o777);
      return chmod(p, mode);
    });
    try {
      const claim = await claimAdminSocket(dir, async () => Buffer.from("{}"));
      if (claim === "held") throw new Error("held");
      expect(modes.length).toBeGreaterThan(0);
      for (const m of modes) expect(m.toString(8)).toBe("600");
      expect((fs.statSync(claim.path).mode & 0o777).toString(8)).toBe("600");
      // and the process's own umask is as it was
      expect(process.umask()).toBe(0o022);
      await claim.close();
    } finally {
      process.umask(before);
    }
  });
});
