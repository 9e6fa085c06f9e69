// The operator's commands behind `npm run admin` (scripts/admin.ts is the process around them):
// admin() parses a command line, calls lib/merchants/admin (and lib/maintenance/backup for backup and
// restore), and prints to the io it is given.
import path from "node:path";
import { type Db, getDb } from "@/db/client";
import { recordAudit } from "@/lib/audit";
import { createKey, type KeyView, KEY_SCOPES, type KeyScope, listKeys, revokeKey, rollKey } from "@/lib/accounts/keys";
import { addPayoutAddress, removePayoutAddress } from "@/lib/accounts/payout-addresses";
import { AppError } from "@/lib/core/errors";
import { OPERATOR } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { backup, type BackupResult, restore, type RestoreResult } from "@/lib/maintenance/backup";
import {
  findMerchantOrThrow,
  listMerchants,
  type MerchantSummary,
  rotateApiKey,
  setMerchantDisabled,
  setMerchantEnvironment,
} from "@/lib/merchants/admin";
import { listPayoutAddresses, type PayoutAddressView } from "@/lib/merchants/payout-addresses";
import { walletReport } from "@/lib/orders/rail-steps";
import { runSmokeTest, SMOKE_TIME_LIMIT_MS, type SmokeReport } from "@/lib/rail/zkp2p/smoke-test";
import { isUsdcString, parseUsdc } from "@/lib/core/money";
import { MAX_PROOF_ATTEMPTS, resetProofAttempts } from "@/lib/orders/service";
import { printable } from "@/lib/core/text";
import { eq } from "drizzle-orm";
import { sessionExceptions } from "@/db/schema";
import { summaryOf } from "@/lib/exceptions/service";
import { blockedReleases, releaseWalletByHand, retryBlockedRelease } from "@/lib/orders/rail-steps/operator";

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  list [--json]                  merchants with their live key prefixes and session counts
  rotate-key <merchant> [--json] a new API key (printed once); the old key(s) stop working
  disable <merchant>             the merchant's keys get 403, its dashboard and checkouts close
  enable <merchant>              undoes disable
  go-live <merchant> [--without-smoke-test "reason"]
                                 its new sessions take real payments (refused without a working real rail, or
                                 until a smoke test has passed; going live without one puts the reason in the audit trail)
  sandbox <merchant>             its new sessions go back to the sandbox
  wallets [--json]               the real rail's taker wallets: ETH balance, nonce, the order each holds
  smoke-test [--amount=1.00] [--time-limit=60s] [--json]
                                 each taker wallet quotes, signals a small intent on the configured chain and cancels
                                 it: gas, ETH left, tier and anything refused; exit code 1 when any wallet fails
  keys <merchant> [--json]       the merchant's named API keys: prefix, state, creation, last use
  create-key <merchant> <name> [--expires-days=N] [--scope=full|read] [--json]
                                 a new named key (printed once); the others keep working; a read key may only read
  roll-key <merchant> <key-id> [--grace=24h] [--json]
                                 a new secret for the key's name; the old one works for the grace period (0s: stops now)
  revoke-key <merchant> <key-id> the key stops working within 10 s
  payout-addresses <merchant> [--json]
                                 where the merchant's sessions, orders and payment links may send money
  allow-address <merchant> <address> [--label=text]
                                 adds an allowed payout address (mailed to the merchant's owners)
  remove-address <merchant> <address>
                                 removes one (mailed to the owners); its payment links stop taking payments
  reset-proofs <order-id>        sets the order's proof attempts aside, so its payer may send proofs again
  exceptions [--json]            the sessions' open exceptions (payments that need a person), oldest first
  blocked-releases [--json]      proven live payments whose release the chain refuses for now (a paused orchestrator, a hook)
  retry-release <order-id>       tries a blocked release again now
  release-wallet <address> --reason=text
                                 frees a taker wallet by hand: the order it holds fails and its intent is cancelled on-chain,
                                 even if the payer said they paid (never a proven one); the reason goes in the audit trail
  backup <file> [--json]         a consistent copy of the database, taken while the service runs
                                 (embedded database: with DATA_DIR/secrets.json; PostgreSQL: pg_dump, without secrets)
  restore <file> [--adopt-secrets] [--json]
                                 a backup into an empty database (DATABASE_URL) or an empty DATA_DIR; refuses a non-empty one.
                                 PostgreSQL: as the service's own role (not a superuser), owner of the new database.
                                 Embedded: --adopt-secrets makes the backup's APP_SECRET and NEXTAUTH_SECRET this DATA_DIR's

<merchant> is a merchant id (merch_…) or name. Every change is written to the merchant's audit trail
as made by the operator. A relative <file> is taken from the folder the command was run in.`;

class UsageError extends Error {}

type Parsed =
  | { command: "list" | "wallets"; json: boolean }
  | { command: "rotate-key" | "disable" | "enable" | "sandbox" | "keys" | "payout-addresses"; merchant: string; json: boolean }
  | { command: "allow-address"; merchant: string; address: string; label: string | null; json: boolean }
  | { command: "remove-address"; merchant: string; address: string; json: boolean }
  | { command: "go-live"; merchant: string; withoutSmokeTest: string | null; json: boolean }
  | { command: "smoke-test"; amountMicro: bigint; timeLimitMs: number; json: boolean }
  | { command: "create-key"; merchant: string; name: string; expiresDays: number | null; scope: KeyScope; json: boolean }
  | { command: "roll-key"; merchant: string; keyId: string; graceMs: number; json: boolean }
  | { command: "revoke-key"; merchant: string; keyId: string; json: boolean }
  | { command: "reset-proofs"; orderId: string; json: boolean }
  | { command: "exceptions" | "blocked-releases"; json: boolean }
  | { command: "retry-release"; orderId: string; json: boolean }
  | { command: "release-wallet"; address: string; reason: string; json: boolean }
  | { command: "backup"; file: string; json: boolean }
  | { command: "restore"; file: string; adoptSecrets: boolean; json: boolean };

/** `--name=value` options: each command says which it takes. */
function options(flags: string[], allowed: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of flags) {
    if (f === "--json") continue;
    const m = /^--([a-z-]+)=(.*)$/.exec(f);
    if (!m || !allowed.includes(m[1]!)) throw new UsageError(`Unknown option: ${f}`);
    out[m[1]!] = m[2]!;
  }
  return out;
}

function parse(argv: string[]): Parsed | "help" {
  // `--without-smoke-test "reason"`: the reason is the next word, as if written `--without-smoke-test=reason`
  const at = argv.indexOf("--without-smoke-test");
  if (at >= 0) {
    const reason = argv[at + 1];
    if (reason === undefined || reason.startsWith("-"))
      throw new UsageError('--without-smoke-test takes a reason: --without-smoke-test "why"');
    argv = [...argv.slice(0, at), `--without-smoke-test=${reason}`, ...argv.slice(at + 2)];
  }
  const flags = argv.filter((a) => a.startsWith("-"));
  const args = argv.filter((a) => !a.startsWith("-"));
  if (flags.includes("--help") || flags.includes("-h") || args[0] === "help") return "help";
  const json = flags.includes("--json");
  const [command, ...rest] = args;
  if (!command) throw new UsageError("Missing command");
  if (command === "create-key") {
    const o = options(flags, ["expires-days", "scope"]);
    if (rest.length < 2 || !rest[0]!.trim()) throw new UsageError("create-key takes a merchant id or name and the key's name");
    const name = rest.slice(1).join(" ").trim();
    if (!name || name.length > 60) throw new UsageError("The key's name is 1 to 60 characters");
    const days = o["expires-days"] === undefined ? null : Number(o["expires-days"]);
    if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= 3650))
      throw new UsageError("--expires-days is a whole number from 1 to 3650");
    const scope = (o.scope ?? "full") as KeyScope;
    if (!KEY_SCOPES.includes(scope)) throw new UsageError(`--scope is one of ${KEY_SCOPES.join(", ")}`);
    return { command, merchant: rest[0]!.trim(), name, expiresDays: days, scope, json };
  }
  if (command === "roll-key" || command === "revoke-key") {
    const o = options(flags, command === "roll-key" ? ["grace"] : []);
    if (rest.length !== 2) throw new UsageError(`${command} takes a merchant id or name and a key id (key_…)`);
    if (command === "revoke-key") {
      if (json) throw new UsageError("revoke-key has no --json output");
      return { command, merchant: rest[0]!.trim(), keyId: rest[1]!.trim(), json };
    }
    const graceMs = o.grace === undefined ? 24 * 60 * 60 * 1000 : parseDuration(o.grace, "--grace");
    return { command, merchant: rest[0]!.trim(), keyId: rest[1]!.trim(), graceMs, json };
  }
  if (command === "allow-address" || command === "remove-address") {
    const o = options(flags, command === "allow-address" ? ["label"] : []);
    if (json) throw new UsageError(`${command} has no --json output`);
    if (rest.length !== 2 || !/^0x[0-9a-fA-F]{40}$/.test(rest[1]!.trim()))
      throw new UsageError(`${command} takes a merchant id or name and an address (0x followed by 40 hex characters)`);
    const [merchant, address] = [rest[0]!.trim(), rest[1]!.trim()];
    if (command === "remove-address") return { command, merchant, address, json };
    const label = o.label?.trim() || null;
    if (label && label.length > 60) throw new UsageError("--label is at most 60 characters");
    return { command, merchant, address, label, json };
  }
  if (command === "go-live") {
    const o = options(flags, ["without-smoke-test"]);
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError("go-live takes exactly one merchant id or name");
    if (json) throw new UsageError("go-live has no --json output");
    const reason = o["without-smoke-test"];
    if (reason !== undefined && reason.trim().length < 3)
      throw new UsageError("--without-smoke-test takes a reason (at least a few words)");
    return { command, merchant: rest[0]!.trim(), withoutSmokeTest: reason?.trim() ?? null, json };
  }
  if (command === "smoke-test") {
    const o = options(flags, ["amount", "time-limit"]);
    if (rest.length) throw new UsageError(`smoke-test takes no arguments (got: ${rest.join(" ")})`);
    const amount = o.amount ?? "1.00";
    if (!isUsdcString(amount) || parseUsdc(amount) <= 0n) throw new UsageError("--amount is an amount of USDC such as 1.00");
    const timeLimitMs = o["time-limit"] === undefined ? SMOKE_TIME_LIMIT_MS : parseDuration(o["time-limit"], "--time-limit");
    return { command, amountMicro: parseUsdc(amount), timeLimitMs, json };
  }
  const adoptSecrets = command === "restore" && flags.includes("--adopt-secrets");
  options(adoptSecrets ? flags.filter((f) => f !== "--adopt-secrets") : flags, []);
  if (command === "backup" || command === "restore") {
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError(`${command} takes exactly one file`);
    // npm runs scripts from the project's folder; INIT_CWD is the folder the operator ran npm in
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), rest[0]!);
    return command === "restore" ? { command, file, adoptSecrets, json } : { command, file, json };
  }
  if (command === "exceptions" || command === "blocked-releases") {
    if (rest.length) throw new UsageError(`${command} takes no arguments (got: ${rest.join(" ")})`);
    return { command, json };
  }
  if (command === "retry-release") {
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError("retry-release takes exactly one order id (ord_…)");
    return { command, orderId: rest[0]!.trim(), json };
  }
  if (command === "release-wallet") {
    const o = options(flags, ["reason"]);
    if (rest.length !== 1 || !/^0x[0-9a-fA-F]{40}$/.test(rest[0]!.trim()))
      throw new UsageError("release-wallet takes a taker wallet's address (0x followed by 40 hex characters)");
    if (!o.reason?.trim()) throw new UsageError('release-wallet needs --reason="why" (it goes in the audit trail)');
    return { command, address: rest[0]!.trim(), reason: o.reason.trim(), json };
  }
  if (command === "reset-proofs") {
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError("reset-proofs takes exactly one order id (ord_…)");
    if (json) throw new UsageError("reset-proofs has no --json output");
    return { command, orderId: rest[0]!.trim(), json };
  }
  if (command === "list" || command === "wallets") {
    if (rest.length) throw new UsageError(`${command} takes no arguments (got: ${rest.join(" ")})`);
    return { command, json };
  }
  if (
    command === "rotate-key" ||
    command === "disable" ||
    command === "enable" ||
    command === "sandbox" ||
    command === "keys" ||
    command === "payout-addresses"
  ) {
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError(`${command} takes exactly one merchant id or name`);
    if (json && command !== "rotate-key" && command !== "keys" && command !== "payout-addresses")
      throw new UsageError(`${command} has no --json output`);
    return { command, merchant: rest[0]!.trim(), json };
  }
  throw new UsageError(`Unknown command: ${command}`);
}

/** Columns padded to their widest cell; what is stored may hold anything, so never raw to a terminal. */
function render(head: string[], body: string[][]): string {
  const cells = body.map((r) => r.map(printable));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  return [head, ...cells]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace("T", " ") : "—");

function table(rows: MerchantSummary[]): string {
  if (!rows.length) return "No merchants yet.";
  return render(
    ["ID", "NAME", "DISPLAY NAME", "CREATED", "DISABLED", "LIVE KEYS", "SESSIONS"],
    rows.map((m) => [
      m.id,
      m.name,
      m.displayName,
      when(m.createdAt),
      m.disabledAt ? when(m.disabledAt) : "no",
      m.liveKeyPrefixes.map((p) => `${p}…`).join(", ") || "none",
      String(m.sessionCount),
    ]),
  );
}

function parseDuration(text: string, option: string): number {
  const m = /^(\d+)(s|m|h|d)$/.exec(text);
  if (!m) throw new UsageError(`${option} is a duration such as 0s, 30m, 24h or 7d (got: ${text})`);
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "s" | "m" | "h" | "d"];
}

function keysTable(rows: KeyView[]): string {
  if (!rows.length) return "No keys.";
  return render(
    ["ID", "NAME", "PREFIX", "SCOPE", "STATE", "CREATED", "BY", "LAST USED", "EXPIRES"],
    rows.map((k) => [
      k.id,
      k.name,
      `${k.prefix}…`,
      k.scope,
      k.state,
      when(k.createdAt),
      k.createdBy ?? "—",
      when(k.lastUsedAt),
      when(k.expiresAt),
    ]),
  );
}

function addressesTable(rows: PayoutAddressView[]): string {
  if (!rows.length) return "No allowed payout addresses: the merchant's sessions, orders and payment links are refused.";
  return render(
    ["ADDRESS", "LABEL", "ADDED", "BY"],
    rows.map((a) => [a.address + (a.payoutWallet ? " (payout wallet)" : ""), a.label ?? "—", when(a.addedAt), a.addedBy ?? "—"]),
  );
}

/** The operator's change, in the merchant's audit trail. */
const audit = (db: Db, merchantId: string, action: string, details?: Record<string, unknown>) =>
  recordAudit(db, { merchantId, who: { kind: "operator" }, action, details });

function size(bytes: number): string {
  for (const [unit, scale] of [
    ["GB", 1e9],
    ["MB", 1e6],
    ["kB", 1e3],
  ] as const)
    if (bytes >= scale) return `${(bytes / scale).toFixed(1)} ${unit}`;
  return `${bytes} B`;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const SECRETS_ELSEWHERE =
  "It does not hold APP_SECRET or NEXTAUTH_SECRET: keep them in your secret store. A restore needs the same APP_SECRET, or the webhook signing secrets cannot be read.";

function backupMessage(r: BackupResult): string {
  const file = printable(r.file);
  if (r.kind === "postgres")
    return `Wrote ${file}: a PostgreSQL backup (pg_dump custom format), ${size(r.bytes)}, in ${seconds(r.ms)}.\n${SECRETS_ELSEWHERE}`;
  const by = r.madeBy === "service" ? "made by the running service" : "no service was running";
  return (
    `Wrote ${file}: a backup of the embedded database (${by}), ${size(r.bytes)}, in ${seconds(r.ms)}.\n` +
    (r.secretsIncluded
      ? "It holds DATA_DIR/secrets.json (APP_SECRET, NEXTAUTH_SECRET): keep it as private as those."
      : `DATA_DIR has no secrets.json (the secrets come from the environment). ${SECRETS_ELSEWHERE}`)
  );
}

function restoreMessage(r: RestoreResult): string {
  const done = `Restored ${printable(r.file)} into ${printable(r.into)} in ${seconds(r.ms)}.`;
  if (r.secrets === "adopted")
    return (
      `${done}\nAdopted the backup's APP_SECRET and NEXTAUTH_SECRET: they are now this DATA_DIR's secrets.json. With them the service ` +
      `unseals the backup's webhook signing secrets, custom header values and second-factor secrets, and signs dashboard sessions. ` +
      `Start the service with this DATA_DIR, without APP_SECRET or NEXTAUTH_SECRET in its environment (they would take precedence).`
    );
  if (r.secrets === "same")
    return `${done} The backup's secrets are the ones already in this DATA_DIR's secrets.json. Start the service with this DATA_DIR.`;
  return `${done}\nStart the service with the APP_SECRET and NEXTAUTH_SECRET of the deployment the backup came from: the backup does not hold them, and without the same APP_SECRET the webhook signing secrets cannot be read.`;
}

const eth = (wei: bigint) => `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, "0").slice(0, 6)}`;

/** The smoke test for a person: a line per wallet, then what each refused. */
function smokeTable(r: SmokeReport): string {
  const head = `Smoke test ${r.id} on chain ${r.chainId}, ${r.amountUsdc} USDC per wallet: ${r.passed ? "PASSED" : "FAILED"} (${r.results.length} wallet${r.results.length === 1 ? "" : "s"}, ${seconds(r.ms)})`;
  const table = render(
    ["WALLET", "TIER", "QUOTE", "SIGNAL GAS", "CANCEL GAS", "ETH LEFT", "RESULT"],
    r.results.map((w) => [
      w.address,
      w.tier ?? "—",
      w.quote ? `${w.quote.platform} ${w.quote.currency} ${w.quote.amountUsdc} USDC (deposit ${w.quote.depositId})` : "—",
      w.signal?.gasUsed ?? "—",
      w.cancel?.gasUsed ?? "—",
      w.balanceWei === null ? "—" : `${eth(BigInt(w.balanceWei))}${w.low ? " (LOW)" : ""}`,
      w.passed ? "ok" : "FAILED",
    ]),
  );
  const refused = r.results.flatMap((w) => w.refusals.map((why) => `  ${w.address}: ${printable(why)}`));
  return [head, "", table, ...(refused.length ? ["", "Refused or failed:", ...refused] : [])].join("\n");
}

async function run(p: Parsed, io: AdminIo): Promise<number> {
  // before getDb(): a restore must not open (and migrate) its target, nor a backup the embedded folder
  if (p.command === "backup" || p.command === "restore") {
    const config = getConfig();
    const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
    if (p.command === "backup") {
      const r = await backup(target, p.file);
      io.out((p.json ? JSON.stringify(r, null, 2) : backupMessage(r)) + "\n");
    } else {
      const r = await restore(target, p.file, { adoptSecrets: p.adoptSecrets });
      io.out((p.json ? JSON.stringify(r, null, 2) : restoreMessage(r)) + "\n");
    }
    return 0;
  }
  const db = await getDb();
  if (p.command === "keys" || p.command === "create-key" || p.command === "roll-key" || p.command === "revoke-key") {
    const merchant = await findMerchantOrThrow(db, p.merchant, { actor: OPERATOR });
    const who = { actor: OPERATOR, merchantId: merchant.id };
    if (p.command === "keys") {
      const rows = await listKeys(db, merchant.id);
      io.out((p.json ? JSON.stringify(rows, null, 2) : keysTable(rows)) + "\n");
    } else if (p.command === "create-key") {
      const expiresAt = p.expiresDays ? new Date(Date.now() + p.expiresDays * 86_400_000) : null;
      const made = await createKey(db, who, { name: p.name, expiresAt, scope: p.scope });
      io.out(
        p.json
          ? JSON.stringify(
              { merchantId: merchant.id, keyId: made.id, name: p.name, scope: p.scope, apiKey: made.apiKey, expiresAt },
              null,
              2,
            ) + "\n"
          : `New ${p.scope === "read" ? "read-only " : ""}key "${printable(p.name)}" (${made.id}) for ${merchant.name}, shown once; give it to the merchant over a safe channel:\n\n  ${made.apiKey}\n`,
      );
    } else if (p.command === "roll-key") {
      const made = await rollKey(db, who, p.keyId, p.graceMs);
      io.out(
        p.json
          ? JSON.stringify({ merchantId: merchant.id, keyId: made.id, apiKey: made.apiKey, oldKeyUntil: made.oldExpiresAt }, null, 2) + "\n"
          : `New secret (${made.id}) for ${merchant.name}, shown once:\n\n  ${made.apiKey}\n\nThe old key works until ${made.oldExpiresAt}.\n`,
      );
    } else if (p.command === "revoke-key") {
      await revokeKey(db, who, p.keyId);
      io.out(`Revoked ${p.keyId} of ${merchant.name}. The API refuses it within 10 s.\n`);
    }
    return 0;
  }
  if (p.command === "payout-addresses" || p.command === "allow-address" || p.command === "remove-address") {
    const merchant = await findMerchantOrThrow(db, p.merchant, { actor: OPERATOR });
    const who = { actor: OPERATOR, merchantId: merchant.id };
    if (p.command === "payout-addresses") {
      const rows = await listPayoutAddresses(db, merchant.id);
      io.out((p.json ? JSON.stringify(rows, null, 2) : addressesTable(rows)) + "\n");
    } else if (p.command === "allow-address") {
      await (
        await addPayoutAddress(db, who, { address: p.address, label: p.label })
      ).mailed;
      io.out(`${merchant.name} may now send payments to ${p.address.toLowerCase()}. Its owners are told by mail.\n`);
    } else if (p.command === "remove-address") {
      const { links, sessions, mailed } = await removePayoutAddress(db, who, p.address);
      await mailed;
      io.out(
        `${merchant.name} may no longer send payments to ${p.address.toLowerCase()}` +
          (links ? `; ${links} of its payment links pay to it and stop taking payments` : "") +
          ". Its owners are told by mail.\n" +
          (sessions.stopped.length ? `Open sessions that can no longer be paid: ${sessions.stopped.join(", ")}\n` : "") +
          (sessions.underWay.length
            ? `Payments already under way to it (they still settle to it): ${sessions.underWay.join(", ")}\n`
            : "") +
          (sessions.more ? `And ${sessions.more} more sessions.\n` : ""),
      );
    }
    return 0;
  }
  if (p.command === "list") {
    const rows = await listMerchants(db, { actor: OPERATOR });
    io.out((p.json ? JSON.stringify(rows, null, 2) : table(rows)) + "\n");
  } else if (p.command === "rotate-key") {
    const { merchant, apiKey, revokedPrefixes } = await rotateApiKey(db, p.merchant, { actor: OPERATOR });
    await audit(db, merchant.id, "key.rotated", { revoked: revokedPrefixes.map((x) => `${x}…`) });
    if (p.json) {
      io.out(JSON.stringify({ merchantId: merchant.id, name: merchant.name, apiKey, revokedKeyPrefixes: revokedPrefixes }, null, 2) + "\n");
    } else {
      const revoked = revokedPrefixes.length ? revokedPrefixes.map((x) => `${x}…`).join(", ") : "none";
      io.out(
        `New API key for ${merchant.name} (${merchant.id}), shown once; give it to the merchant over a safe channel:\n\n  ${apiKey}\n\n` +
          `Revoked: ${revoked}. The API refuses the old key within 10 s; dashboard sessions signed in with it end now.\n`,
      );
    }
  } else if (p.command === "wallets") {
    const rows = await walletReport(db);
    if (!rows) throw new AppError("CONFLICT", "This deployment has no real rail: no taker wallets");
    if (p.json) {
      io.out(
        JSON.stringify(
          rows.map((r) => ({ ...r, balanceWei: r.balanceWei.toString() })),
          null,
          2,
        ) + "\n",
      );
    } else {
      const lines = rows.map(
        (r) => `${r.address}  ${eth(r.balanceWei)} ETH${r.low ? " (LOW)" : ""}  nonce ${r.nonce}  ${r.orderId ?? "free"}`,
      );
      io.out(lines.join("\n") + "\n");
    }
  } else if (p.command === "smoke-test") {
    const settings = getConfig().liveRail;
    if (!settings) throw new AppError("CONFLICT", "This deployment has no real rail: no taker wallets to test");
    const report = await runSmokeTest(db, settings, { amountMicro: p.amountMicro, timeLimitMs: p.timeLimitMs });
    io.out((p.json ? JSON.stringify(report, null, 2) : smokeTable(report)) + "\n");
    return report.passed ? 0 : 1;
  } else if (p.command === "go-live" || p.command === "sandbox") {
    const env = p.command === "go-live" ? "live" : "sandbox";
    const withoutSmokeTest = p.command === "go-live" ? p.withoutSmokeTest : null;
    const { merchant, changed, smokeTest } = await setMerchantEnvironment(
      db,
      p.merchant,
      env,
      { actor: OPERATOR },
      withoutSmokeTest ? { withoutSmokeTest } : {},
    );
    if (changed)
      await audit(
        db,
        merchant.id,
        env === "live" ? "account.went-live" : "account.back-to-sandbox",
        env === "live" ? (smokeTest ? { smokeTest } : { withoutSmokeTest }) : undefined,
      );
    io.out(
      `${merchant.name} (${merchant.id}) ${changed ? "is now" : "was already"} ${env}.` +
        (changed ? " Its new sessions take this environment within 10 s; sessions made before keep theirs." : "") +
        (changed && env === "live" && !smokeTest ? " Without a passed smoke test: the reason is in its audit trail." : "") +
        "\n",
    );
  } else if (p.command === "exceptions") {
    const rows = await db
      .select()
      .from(sessionExceptions)
      .where(eq(sessionExceptions.status, "OPEN"))
      .orderBy(sessionExceptions.openedAt)
      .limit(1000);
    if (p.json)
      io.out(
        JSON.stringify(
          rows.map((r) => ({ ...summaryOf(r), sessionId: r.sessionId, merchantId: r.merchantId })),
          null,
          2,
        ) + "\n",
      );
    else
      io.out(
        (rows.length
          ? render(
              ["OPENED", "KIND", "MERCHANT", "SESSION", "INTENT", "WHAT HAPPENED"],
              rows.map((r) => [
                r.openedAt.toISOString(),
                r.kind,
                r.merchantId,
                r.sessionId,
                r.details.intentHash ?? "—",
                printable(r.details.reason),
              ]),
            )
          : "No open exceptions.") + "\n",
      );
  } else if (p.command === "blocked-releases") {
    const rows = await blockedReleases(db);
    if (p.json) io.out(JSON.stringify(rows, null, 2) + "\n");
    else
      io.out(
        (rows.length
          ? render(
              ["ORDER", "SINCE", "NEXT TRY", "TRIES", "WHY"],
              rows.map((r) => [
                r.orderId,
                r.since,
                r.nextTry ?? "—",
                String(r.tries),
                r.paused ? "the orchestrator is paused" : printable(r.reason),
              ]),
            )
          : "No blocked releases.") + "\n",
      );
  } else if (p.command === "retry-release") {
    await retryBlockedRelease(db, p.orderId);
    io.out(`${p.orderId}: its release is tried again now.\n`);
  } else if (p.command === "release-wallet") {
    const r = await releaseWalletByHand(db, p.address, p.reason);
    io.out(
      !r.freed
        ? `${r.address} was already free.\n`
        : r.orderId
          ? `${r.address} is being freed: order ${r.orderId} failed, and its intent is cancelled on-chain by its next step.\n`
          : `${r.address} is free again.\n`,
    );
  } else if (p.command === "reset-proofs") {
    const r = await resetProofAttempts(db, p.orderId, { actor: OPERATOR });
    if (r.reset) await audit(db, r.merchantId, "order.proof-attempts-reset", { orderId: r.orderId, reset: r.reset });
    io.out(
      r.reset
        ? `${r.orderId} (${r.status}): ${r.reset} proof attempt${r.reset === 1 ? "" : "s"} set aside; its payer may send up to ${MAX_PROOF_ATTEMPTS} more.\n`
        : `${r.orderId} (${r.status}) had no proof attempts to set aside.\n`,
    );
  } else if (p.command === "disable" || p.command === "enable") {
    const disable = p.command === "disable";
    const { merchant, changed } = await setMerchantDisabled(db, p.merchant, disable, { actor: OPERATOR });
    if (changed) await audit(db, merchant.id, disable ? "account.disabled" : "account.enabled");
    const state = disable ? "disabled" : "enabled";
    io.out(
      `${merchant.name} (${merchant.id}) ${changed ? "is now" : "was already"} ${state}.` +
        (disable && changed ? " Its keys get 403 within 10 s, its dashboard sessions end and its checkouts show as unavailable." : "") +
        "\n",
    );
  }
  return 0;
}

/** Where a command's answer goes: stdout (the operator's answer, or --json a machine's) and stderr. */
export type AdminIo = { out: (text: string) => void; err: (text: string) => void };

/** Runs one command line (`argv` without node and the script); resolves to the exit code. */
export async function admin(argv: string[], io: AdminIo): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed !== "help") return await run(parsed, io);
    io.out(USAGE + "\n");
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    io.err(err instanceof AppError ? `${err.message}\n` : `admin: ${(err as Error).message}\n`);
    return 1;
  }
}
