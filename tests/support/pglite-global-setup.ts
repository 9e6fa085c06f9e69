import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

// One migrated PGlite database per test run, kept as a copy of its data folder; each test file then
// starts its own database from that copy (see setup-env.ts). Creating an empty PGlite database costs
// 2–3 s of CPU, starting one from the copy about 1.4 s, and the API suite has fifty files.
export default async function setup(project: TestProject) {
  const { openPglite } = await import("../../db/client");
  const opened = await openPglite("memory://");
  const client = (opened.db as unknown as { $client: { dumpDataDir: (compression: "none") => Promise<Blob> } }).$client;
  const copy = await client.dumpDataDir("none");
  await opened.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await copy.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
