import { afterAll, vi } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";

// The unit project runs its files one after another in a worker's one module graph (isolate: false,
// vitest.config.ts), which saves each file its own imports. What a file changes of the process's
// settings, clock and globals is put back after it, so the next file starts as a process would.
const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  resetConfigForTests();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
