// Databases: PostgreSQL only: the documented snippets verify signatures, whatever database stored the event.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SYSTEM } from "@/lib/core/actor";
import { attemptDelivery } from "@/lib/webhooks/delivery";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";
import { testDb } from "../support/db";
import { Receiver, type Received } from "../support/receiver";
import { envForTests } from "../support/env";

// The verification snippets of docs/guides/verify-webhooks.md, extracted verbatim and run (node,
// python3, bash + openssl) on deliveries this service really sent to an https endpoint: a plain
// delivery, a replay of a genuinely signed one whose timestamp is older than the tolerance, and one
// sent while a secret rotation has both secrets signing. The verifier libraries a receiver may use
// instead (standardwebhooks, svix) are checked on the same deliveries.

const GUIDE = path.resolve(import.meta.dirname, "../../docs/guides/verify-webhooks.md");
const ROOT = path.resolve(import.meta.dirname, "../..");
const SNIPPETS = ["verify-webhook.mjs", "verify-standardwebhooks.mjs", "verify_webhook.py", "sign.sh", "verify-webhook.sh"];

/** The fenced blocks of the guide whose info string carries `title=<file name>`, by file name. */
function snippets(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of markdown.matchAll(/^```[\w-]+ title=(\S+)\n([\s\S]*?)^```$/gm)) found.set(m[1]!, m[2]!);
  return found;
}

type Case = { name: string; body: string; headers: Record<string, string>; secret: string; valid: boolean };
/** What each case is, and whether its signature (not its age) is genuine. */
type Named = Case & { signatureGenuine: boolean };

let dir: string;
let receiver: Receiver;
let cases: Named[];
let rotated: Received;

const headersOf = (r: Received) => ({
  "webhook-id": String(r.headers["webhook-id"]),
  "webhook-timestamp": String(r.headers["webhook-timestamp"]),
  "webhook-signature": String(r.headers["webhook-signature"]),
});

envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true" });
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "verify-snippets-"));
  // the standardwebhooks snippet imports its package as a receiver's project would
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  const found = snippets(fs.readFileSync(GUIDE, "utf8"));
  for (const name of SNIPPETS) {
    if (!found.has(name)) throw new Error(`the guide has no block titled ${name}`);
    fs.writeFileSync(path.join(dir, name), found.get(name)!);
  }

  receiver = await new Receiver().start();
  const m = await newMerchant();
  const hook = await newWebhook(m, { url: receiver.url, events: ["session.started"] });

  // a real event, delivered
  await startedSession(m);
  const [d] = (await call("GET", `/api/webhooks/${hook.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
  await attemptDelivery(await testDb(), d.id, { actor: SYSTEM });
  await receiver.waitFor(1);
  const delivered = receiver.received[0]!;

  // a delivery signed 6 minutes ago, as a replay of a captured request would arrive
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(Date.now() - 6 * 60_000);
    expect((await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey })).body.responseObject.success).toBe(true);
  } finally {
    vi.useRealTimers();
  }
  const replayed = receiver.received[1]!;

  // a rotation: the new secret and the previous one both sign
  const rotation = await call("POST", `/api/webhooks/${hook.id}/rotate-secret`, { key: m.apiKey });
  const newSecret: string = rotation.body.responseObject.secret;
  await startedSession(m);
  const pending = (await call("GET", `/api/webhooks/${hook.id}/deliveries?status=PENDING`, { key: m.apiKey })).body.responseObject
    .deliveries;
  expect(pending).toHaveLength(1);
  await attemptDelivery(await testDb(), pending[0].id, { actor: SYSTEM });
  await receiver.waitFor(3);
  rotated = receiver.received[2]!;

  const bytes = Buffer.from(delivered.body, "utf8");
  const at = delivered.body.indexOf('"type":"') + '"type":"'.length;
  bytes[at] = bytes[at]! ^ 0x01; // "session.started" -> "ression.started": one byte, still valid JSON
  const wrongSecret = "whsec_" + Buffer.alloc(32, 7).toString("base64");
  cases = [
    { name: "delivered", body: delivered.body, headers: headersOf(delivered), secret: hook.secret, valid: true, signatureGenuine: true },
    {
      name: "body changed by one byte",
      body: bytes.toString("utf8"),
      headers: headersOf(delivered),
      secret: hook.secret,
      valid: false,
      signatureGenuine: false,
    },
    {
      name: "timestamp older than 5 minutes",
      body: replayed.body,
      headers: headersOf(replayed),
      secret: hook.secret,
      valid: false,
      signatureGenuine: true,
    },
    {
      name: "wrong secret",
      body: delivered.body,
      headers: headersOf(delivered),
      secret: wrongSecret,
      valid: false,
      signatureGenuine: false,
    },
    {
      name: "rotation, old secret",
      body: rotated.body,
      headers: headersOf(rotated),
      secret: hook.secret,
      valid: true,
      signatureGenuine: true,
    },
    {
      name: "rotation, new secret",
      body: rotated.body,
      headers: headersOf(rotated),
      secret: newSecret,
      valid: true,
      signatureGenuine: true,
    },
    {
      name: "rotation, wrong secret",
      body: rotated.body,
      headers: headersOf(rotated),
      secret: wrongSecret,
      valid: false,
      signatureGenuine: false,
    },
  ];
  cases.forEach((c, i) => fs.writeFileSync(path.join(dir, `body-${i}.json`), c.body));
});

afterAll(async () => {
  await receiver?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const expected = () => cases.map((c) => [c.name, c.valid]);

/** Runs a JavaScript snippet's verifyWebhook on every case, in a node process of its own. */
function runNode(file: string, mode: "returns true" | "does not throw"): [string, boolean][] {
  const harness = path.join(dir, "run-node.mjs");
  fs.writeFileSync(
    harness,
    `import fs from "node:fs";
const { verifyWebhook } = await import(${JSON.stringify("./" + file)});
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const results = cases.map((c, i) => {
  const body = fs.readFileSync(${JSON.stringify(dir)} + "/body-" + i + ".json");
  try {
    const result = verifyWebhook(body, c.headers, c.secret);
    return ${JSON.stringify(mode)} === "returns true" ? result === true : true;
  } catch (err) {
    if (${JSON.stringify(mode)} === "returns true") throw err;
    return false;
  }
});
console.log(JSON.stringify(results));
`,
  );
  const casesFile = path.join(dir, "cases.json");
  fs.writeFileSync(casesFile, JSON.stringify(cases));
  const out = execFileSync(process.execPath, [harness, casesFile], { cwd: dir, encoding: "utf8" });
  return (JSON.parse(out) as boolean[]).map((ok, i) => [cases[i]!.name, ok]);
}

describe("the verification snippets of docs/guides/verify-webhooks.md, on real deliveries", () => {
  it("the rotation delivery carries two signatures, and the replayed one an old timestamp", () => {
    expect(rotated.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    const replay = cases.find((c) => c.name === "timestamp older than 5 minutes")!;
    expect(Date.now() / 1000 - Number(replay.headers["webhook-timestamp"])).toBeGreaterThan(300);
  });

  it("Node (node:crypto only) accepts the real ones and rejects the rest", () => {
    expect(runNode("verify-webhook.mjs", "returns true")).toEqual(expected());
  });

  it("Node with standardwebhooks (two lines) accepts the real ones and rejects the rest", () => {
    expect(runNode("verify-standardwebhooks.mjs", "does not throw")).toEqual(expected());
  });

  it("Python (standard library only) accepts the real ones and rejects the rest", () => {
    const harness = path.join(dir, "run_python.py");
    fs.writeFileSync(
      harness,
      `import importlib.util, json, os, sys
spec = importlib.util.spec_from_file_location("verify_webhook", os.path.join(os.path.dirname(__file__), "verify_webhook.py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
cases = json.load(open(sys.argv[1]))
results = []
for i, c in enumerate(cases):
    with open(os.path.join(os.path.dirname(__file__), f"body-{i}.json"), "rb") as f:
        results.append(module.verify_webhook(f.read(), c["headers"], c["secret"]) is True)
print(json.dumps(results))
`,
    );
    const casesFile = path.join(dir, "cases.json");
    fs.writeFileSync(casesFile, JSON.stringify(cases));
    const out = execFileSync("python3", [harness, casesFile], { cwd: dir, encoding: "utf8" });
    expect((JSON.parse(out) as boolean[]).map((ok, i) => [cases[i]!.name, ok])).toEqual(expected());
  });

  it("the openssl one-liner prints a signature the delivery carries exactly when the signature is genuine", () => {
    const results = cases.map((c, i) => {
      fs.copyFileSync(path.join(dir, `body-${i}.json`), path.join(dir, "body.json"));
      const out = execFileSync("bash", ["sign.sh"], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, ID: c.headers["webhook-id"], TS: c.headers["webhook-timestamp"], SECRET: c.secret },
      }).trim();
      expect(out).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      return [c.name, c.headers["webhook-signature"].split(" ").includes(out)];
    });
    expect(results).toEqual(cases.map((c) => [c.name, c.signatureGenuine]));
  });

  it("the bash check accepts the real ones and rejects the rest", () => {
    const results = cases.map((c, i) => {
      const run = spawnSync(
        "bash",
        ["verify-webhook.sh", c.headers["webhook-id"], c.headers["webhook-timestamp"], c.headers["webhook-signature"], `body-${i}.json`],
        { cwd: dir, encoding: "utf8", env: { ...process.env, SECRET: c.secret } },
      );
      expect([0, 1]).toContain(run.status);
      return [c.name, run.status === 0];
    });
    expect(results).toEqual(expected());
  });
});

describe("verifier libraries, on the same real deliveries", () => {
  const verifies = (verify: () => unknown) => {
    try {
      verify();
      return true;
    } catch {
      return false;
    }
  };

  it("standardwebhooks' Webhook.verify accepts the real ones, during a rotation with either secret", () => {
    expect(cases.map((c) => [c.name, verifies(() => new StandardWebhook(c.secret).verify(c.body, c.headers))])).toEqual(expected());
  });

  it("svix's Webhook.verify accepts the webhook-* headers as sent, and the same values as svix-* headers", () => {
    // the headers exactly as the endpoint received them, the legacy X-Webhook-* ones included
    const asReceived = (c: Case) => {
      const r = receiver.received.find((x) => x.headers["webhook-id"] === c.headers["webhook-id"])!;
      return Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));
    };
    expect(cases.map((c) => [c.name, verifies(() => new SvixWebhook(c.secret).verify(c.body, asReceived(c)))])).toEqual(expected());
    const svixNamed = (c: Case) => ({
      "svix-id": c.headers["webhook-id"],
      "svix-timestamp": c.headers["webhook-timestamp"],
      "svix-signature": c.headers["webhook-signature"],
    });
    expect(cases.map((c) => [c.name, verifies(() => new SvixWebhook(c.secret).verify(c.body, svixNamed(c)))])).toEqual(expected());
  });
});
