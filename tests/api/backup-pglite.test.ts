import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, openPglite } from "@/db/client";
import { apiMerchant } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { adminSocketPath, serveAdminSocket, stopAdminSocketForTests } from "@/lib/maintenance/admin-socket";
import { restore } from "@/lib/maintenance/backup";
import { authenticateApiKey } from "@/lib/merchants/service";
import { getSessionOrThrow } from "@/lib/sessions/read";
import { type Run, runAdmin, stopWriters, writeContinuously } from "../support/admin-cli";
import { call, newMerchant, newWebhook, sessionBody, type TestMerchant } from "../support/api";
import { setEnv } from "../support/env";

// `npm run admin -- backup` and `restore` on the embedded database (PGlite in DATA_DIR). This process
// plays the running service: its route handlers write to a PGlite folder on disk and it serves
// DATA_DIR/admin.sock as instrumentation-node.ts does, while the admin commands run in processes of
// their own (`node --import tsx scripts/admin.ts …`). The PostgreSQL side is tests/postgres/backup.test.ts.

const ROOT = path.resolve(import.meta.dirname, "../..");

function admin(dataDir: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "" };
  delete env.DATABASE_URL;
  delete env.APP_SECRET;
  delete env.NEXTAUTH_SECRET;
  return runAdmin(env, ...args);
}

async function until(cond: () => boolean) {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

/** A socket file at DATA_DIR/admin.sock left by a process killed before it could remove it. */
async function leaveStaleSocket(dataDir: string) {
  const sock = adminSocketPath(dataDir);
  const child = spawn(process.execPath, [
    "-e",
    `require("net").createServer().listen(${JSON.stringify(sock)}, () => console.log("ready"))`,
  ]);
  await new Promise((resolve) => child.stdout.once("data", resolve));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  expect(fs.lstatSync(sock).isSocket()).toBe(true);
}

let dir: string;
let dataDir: string;
let restoreEnv: (() => void) | undefined;
let m: TestMerchant;
const fresh = (name: string) => path.join(dir, name);

// each test runs the command a few times, a process each that opens PGlite (seconds on a busy machine)
describe.skipIf(process.env.TEST_DB === "postgres")(
  "npm run admin -- backup / restore on the embedded database",
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-backup-"));
      dataDir = fresh("live");
      fs.mkdirSync(dataDir);
      await leaveStaleSocket(dataDir);
      // the service's start-up, as instrumentation-node.ts runs it, on a data folder on disk
      await closeDb();
      // the writer creates sessions far above the per-merchant limit
      restoreEnv = setEnv({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: "1000" });
      void getConfig().appSecret; // generated and kept in DATA_DIR/secrets.json
      await serveAdminSocket();
      await getDb();
      m = await newMerchant();
      await newWebhook(m); // a signing secret sealed with APP_SECRET
    });

    afterAll(async () => {
      await stopWriters();
      await stopAdminSocketForTests();
      await closeDb();
      restoreEnv?.();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("replaces a stale socket and serves on a fresh one, 0600", () => {
      const st = fs.statSync(adminSocketPath(dataDir));
      expect(st.isSocket()).toBe(true);
      expect(st.mode & 0o777).toBe(0o600);
    });

    it("a backup taken from the running service under continuous writes holds every write acknowledged before it began; restored into a fresh folder, the service serves them", async () => {
      const writer = writeContinuously(m, { yieldEach: true });
      const file = fresh("under-writes.backup");
      let before: string[];
      let run: Run;
      try {
        await until(() => writer.acknowledged.length >= 20);
        before = [...writer.acknowledged];
        run = await admin(dataDir, "backup", file, "--json");
        // the writes went on while the backup ran
        await until(() => writer.acknowledged.length > before.length + 20);
      } finally {
        await writer.stop();
      }
      expect(run.code, run.stderr).toBe(0);
      // from the running service: the admin process never opened the folder the service has open
      expect(JSON.parse(run.stdout)).toMatchObject({ kind: "pglite", file, madeBy: "service", secretsIncluded: true });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      const target = fresh("restored");
      // the backup's secrets become the target's only when the operator says so, and nothing is restored until then
      const unsaid = await admin(target, "restore", file);
      expect(unsaid).toMatchObject({ code: 1, stdout: "" });
      expect(unsaid.stderr).toMatch(
        /under-writes\.backup holds the APP_SECRET and NEXTAUTH_SECRET of the instance that made it\. Restored, they become this DATA_DIR's .*If it is your own backup, restore it with --adopt-secrets; nothing was changed/,
      );
      expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);

      const restored = await admin(target, "restore", file, "--adopt-secrets");
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(
        /^Restored .*under-writes\.backup into .*restored\/pglite in [\d.]+ s\.\nAdopted the backup's APP_SECRET and NEXTAUTH_SECRET: they are now this DATA_DIR's secrets\.json\./,
      );
      // the secrets came back, as private as they were: the restored service reads the sealed webhook secrets
      const secrets = path.join(target, "secrets.json");
      expect(fs.readFileSync(secrets, "utf8")).toBe(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
      expect(fs.statSync(secrets).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(adminSocketPath(target))).toBe(false);
      expect(fs.readdirSync(target).sort()).toEqual(["pglite", "secrets.json"]);

      // the service starts on it: another process opens (and migrates) it and answers from it
      const listed = await admin(target, "list", "--json");
      expect(listed.code, listed.stderr).toBe(0);
      const row = (JSON.parse(listed.stdout) as { id: string; sessionCount: number }[]).find((r) => r.id === m.id);
      expect(row?.sessionCount).toBeGreaterThanOrEqual(before.length);

      // and every acknowledged session is served as GET /api/checkout/sessions/:id serves it, with the merchant's key
      const opened = await openPglite(target);
      try {
        const actor = apiMerchant(await authenticateApiKey(opened.db, m.apiKey));
        for (const id of before) {
          expect(await getSessionOrThrow(opened.db, id, { actor })).toMatchObject({ id, merchantId: m.id, status: "CREATED" });
        }
      } finally {
        await opened.close();
      }
    });

    it("refuses a non-empty target, a folder in use, a damaged or foreign file, and changes nothing", async () => {
      const good = fresh("good.backup");
      expect((await admin(dataDir, "backup", good)).code).toBe(0);
      const bytes = fs.readFileSync(good);
      const headerEnd = bytes.indexOf(10, bytes.indexOf(10) + 1);
      const write = (name: string, content: Buffer | string) => {
        fs.writeFileSync(fresh(name), content);
        return fresh(name);
      };
      const flipped = Buffer.from(bytes);
      flipped[bytes.length - 100] ^= 0xff;
      const files = {
        garbage: write("garbage", "not a backup at all\n"),
        truncated: write("truncated", bytes.subarray(0, bytes.length - 1000)),
        flipped: write("flipped", flipped),
        header: write("header", Buffer.concat([Buffer.from('checkout-backup 1\n{"kind":"pglite"}\n'), bytes.subarray(headerEnd + 1)])),
        future: write("future", Buffer.concat([Buffer.from("checkout-backup 2\n"), bytes.subarray(bytes.indexOf(10) + 1)])),
        postgres: write("postgres", "PGDMP\x01\x0f\x00"),
      };
      // a target with a database in it, and one whose secrets.json is another deployment's
      const full = fresh("full");
      fs.mkdirSync(path.join(full, "pglite"), { recursive: true });
      fs.writeFileSync(path.join(full, "pglite", "PG_VERSION"), "17\n");
      const otherSecrets = fresh("other-secrets");
      fs.mkdirSync(otherSecrets);
      fs.writeFileSync(path.join(otherSecrets, "secrets.json"), JSON.stringify({ APP_SECRET: "other", NEXTAUTH_SECRET: "other" }));

      // as the operator sees it: exit code 1, the reason, nothing on stdout
      const [live, garbage] = await Promise.all([admin(dataDir, "restore", good), admin(fresh("untouched"), "restore", files.garbage)]);
      for (const run of [live, garbage]) expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(live.stderr).toMatch(/^The service \(or another admin command\) is using .*live: a restore goes into an empty DATA_DIR/);
      expect(garbage.stderr).toMatch(/garbage is not a backup made by `npm run admin -- backup` \(unknown format\); nothing was changed/);

      // the other refusals, from the same function in this process (a process each would cost seconds)
      const into = (target: string, file: string) => restore({ dataDir: target }, file);
      await expect(into(full, good)).rejects.toThrow(
        /full\/pglite is not empty: restore into a new DATA_DIR, or move this one away first; nothing was changed/,
      );
      await expect(into(otherSecrets, good)).rejects.toThrow(
        /other-secrets\/secrets\.json differs from the backup's: the backup was made by another instance, whose sealed secrets this APP_SECRET cannot read\. Restore into a new DATA_DIR, or move secrets\.json away first; nothing was changed/,
      );
      await expect(restore({ dataDir: otherSecrets }, good, { adoptSecrets: true })).rejects.toThrow(
        /other-secrets\/secrets\.json differs/,
      );
      const untouched = fresh("untouched");
      await expect(into(untouched, files.truncated)).rejects.toThrow(
        /truncated is truncated: \d+ bytes of data, its header says \d+; nothing was changed/,
      );
      await expect(into(untouched, files.flipped)).rejects.toThrow(/flipped is corrupt: its checksum does not match; nothing was changed/);
      await expect(into(untouched, files.header)).rejects.toThrow(/header is corrupt: its header is not valid; nothing was changed/);
      await expect(into(untouched, files.future)).rejects.toThrow(/future has backup format 2; this version reads format 1/);
      await expect(into(untouched, files.postgres)).rejects.toThrow(
        /postgres is a PostgreSQL backup \(pg_dump\): restore it with DATABASE_URL set to an empty database/,
      );

      expect(fs.readdirSync(path.join(full, "pglite"))).toEqual(["PG_VERSION"]);
      expect(fs.readdirSync(otherSecrets)).toEqual(["secrets.json"]);
      expect(JSON.parse(fs.readFileSync(path.join(otherSecrets, "secrets.json"), "utf8"))).toEqual({
        APP_SECRET: "other",
        NEXTAUTH_SECRET: "other",
      });

      // a target that has the backup's secrets already adopts nothing: no --adopt-secrets needed
      const sameSecrets = fresh("same-secrets");
      fs.mkdirSync(sameSecrets);
      fs.copyFileSync(path.join(dataDir, "secrets.json"), path.join(sameSecrets, "secrets.json"));
      expect(await into(sameSecrets, good)).toMatchObject({ kind: "pglite", secrets: "same", secretsRestored: true });
      expect(fs.existsSync(path.join(fresh("untouched"), "pglite"))).toBe(false);
      // the running service still has its folder, and still serves
      expect((await call("GET", "/api/merchants/me", { key: m.apiKey })).status).toBe(200);
    });

    it("with no service running, the command opens the folder itself; a service starting meanwhile waits", async () => {
      const before = (await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) })).body.responseObject.session.id;
      // the service stops: the socket goes, then the database closes
      await stopAdminSocketForTests();
      await closeDb();
      expect(fs.existsSync(adminSocketPath(dataDir))).toBe(false);

      const file = fresh("stopped.backup");
      let finished = false;
      const backup = admin(dataDir, "backup", file, "--json").finally(() => (finished = true));
      // the command claims the folder (its socket appears) before it opens the database
      await until(() => finished || fs.existsSync(adminSocketPath(dataDir)));
      let started = false;
      const starting = serveAdminSocket().then(() => (started = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(finished || started).toBe(false); // the service waits: it would otherwise open the folder now
      const run = await backup;
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ kind: "pglite", madeBy: "admin", secretsIncluded: true });
      await starting; // and starts once the backup has let go
      expect(fs.statSync(adminSocketPath(dataDir)).isSocket()).toBe(true);

      const target = fresh("restored-stopped");
      expect((await admin(target, "restore", file, "--adopt-secrets")).code).toBe(0);
      const opened = await openPglite(target);
      try {
        const actor = apiMerchant(await authenticateApiKey(opened.db, m.apiKey));
        expect(await getSessionOrThrow(opened.db, before, { actor })).toMatchObject({ id: before, merchantId: m.id });
      } finally {
        await opened.close();
      }
    });
  },
);
