// npm run admin -- <command>: the operator's commands. Parses argv, calls lib/merchants/admin, prints.
// Exit codes: 0 done, 1 the merchant was not found (or the command failed), 2 bad arguments.
import { closeDb, getDb } from "@/db/client";
import { AppError } from "@/lib/errors";
import { OPERATOR } from "@/lib/actor";
import { listMerchants, type MerchantSummary, rotateApiKey, setMerchantDisabled, setMerchantEnvironment } from "@/lib/merchants/admin";
import { walletReport } from "@/lib/orders/rail-steps";
import { printable } from "@/lib/text";

// stdout is the operator's answer (and --json a machine's): start-up info lines must not mix in
process.env.LOG_LEVEL ||= "warn";

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  list [--json]                  merchants with their live key prefixes and session counts
  rotate-key <merchant> [--json] a new API key (printed once); the old key(s) stop working
  disable <merchant>             the merchant's keys get 403, its dashboard and checkouts close
  enable <merchant>              undoes disable
  go-live <merchant>             its new sessions take real payments (refused without a working real rail)
  sandbox <merchant>             its new sessions go back to the sandbox
  wallets [--json]               the real rail's taker wallets: ETH balance, nonce, the order each holds

<merchant> is a merchant id (merch_…) or name.`;

class UsageError extends Error {}

type Parsed =
  | { command: "list" | "wallets"; json: boolean }
  | { command: "rotate-key" | "disable" | "enable" | "go-live" | "sandbox"; merchant: string; json: boolean };

function parse(argv: string[]): Parsed | "help" {
  const flags = argv.filter((a) => a.startsWith("-"));
  const args = argv.filter((a) => !a.startsWith("-"));
  if (flags.includes("--help") || flags.includes("-h") || args[0] === "help") return "help";
  const unknown = flags.filter((f) => f !== "--json");
  if (unknown.length) throw new UsageError(`Unknown option: ${unknown.join(", ")}`);
  const json = flags.includes("--json");
  const [command, ...rest] = args;
  if (!command) throw new UsageError("Missing command");
  if (command === "list" || command === "wallets") {
    if (rest.length) throw new UsageError(`${command} takes no arguments (got: ${rest.join(" ")})`);
    return { command, json };
  }
  if (command === "rotate-key" || command === "disable" || command === "enable" || command === "go-live" || command === "sandbox") {
    if (rest.length !== 1 || !rest[0]!.trim()) throw new UsageError(`${command} takes exactly one merchant id or name`);
    if (json && command !== "rotate-key") throw new UsageError(`${command} has no --json output`);
    return { command, merchant: rest[0]!.trim(), json };
  }
  throw new UsageError(`Unknown command: ${command}`);
}

function table(rows: MerchantSummary[]): string {
  if (!rows.length) return "No merchants yet.";
  const head = ["ID", "NAME", "DISPLAY NAME", "CREATED", "DISABLED", "LIVE KEYS", "SESSIONS"];
  const body = rows.map((m) => [
    m.id,
    m.name,
    m.displayName,
    m.createdAt.slice(0, 19).replace("T", " "),
    m.disabledAt ? m.disabledAt.slice(0, 19).replace("T", " ") : "no",
    m.liveKeyPrefixes.map((p) => `${p}…`).join(", ") || "none",
    String(m.sessionCount),
  ]);
  // what is stored may hold anything (rows older than the display name's checks): never raw to a terminal
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

async function run(p: Parsed): Promise<void> {
  const db = await getDb();
  if (p.command === "list") {
    const rows = await listMerchants(db, { actor: OPERATOR });
    process.stdout.write((p.json ? JSON.stringify(rows, null, 2) : table(rows)) + "\n");
  } else if (p.command === "rotate-key") {
    const { merchant, apiKey, revokedPrefixes } = await rotateApiKey(db, p.merchant, { actor: OPERATOR });
    if (p.json) {
      process.stdout.write(
        JSON.stringify({ merchantId: merchant.id, name: merchant.name, apiKey, revokedKeyPrefixes: revokedPrefixes }, null, 2) + "\n",
      );
    } else {
      const revoked = revokedPrefixes.length ? revokedPrefixes.map((x) => `${x}…`).join(", ") : "none";
      process.stdout.write(
        `New API key for ${merchant.name} (${merchant.id}), shown once; give it to the merchant over a safe channel:\n\n  ${apiKey}\n\n` +
          `Revoked: ${revoked}. The API refuses the old key within 10 s; dashboard sessions signed in with it end now.\n`,
      );
    }
  } else if (p.command === "wallets") {
    const rows = await walletReport(db);
    if (!rows) throw new AppError("CONFLICT", "This deployment has no real rail: no taker wallets");
    if (p.json) {
      process.stdout.write(
        JSON.stringify(
          rows.map((r) => ({ ...r, balanceWei: r.balanceWei.toString() })),
          null,
          2,
        ) + "\n",
      );
    } else {
      const eth = (wei: bigint) => `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, "0").slice(0, 6)}`;
      const lines = rows.map(
        (r) => `${r.address}  ${eth(r.balanceWei)} ETH${r.low ? " (LOW)" : ""}  nonce ${r.nonce}  ${r.orderId ?? "free"}`,
      );
      process.stdout.write(lines.join("\n") + "\n");
    }
  } else if (p.command === "go-live" || p.command === "sandbox") {
    const env = p.command === "go-live" ? "live" : "sandbox";
    const { merchant, changed } = await setMerchantEnvironment(db, p.merchant, env, { actor: OPERATOR });
    process.stdout.write(
      `${merchant.name} (${merchant.id}) ${changed ? "is now" : "was already"} ${env}.` +
        (changed ? " Its new sessions take this environment within 10 s; sessions made before keep theirs." : "") +
        "\n",
    );
  } else if (p.command === "disable" || p.command === "enable") {
    const disable = p.command === "disable";
    const { merchant, changed } = await setMerchantDisabled(db, p.merchant, disable, { actor: OPERATOR });
    const state = disable ? "disabled" : "enabled";
    process.stdout.write(
      `${merchant.name} (${merchant.id}) ${changed ? "is now" : "was already"} ${state}.` +
        (disable && changed ? " Its keys get 403 within 10 s, its dashboard sessions end and its checkouts show as unavailable." : "") +
        "\n",
    );
  }
}

let code = 0;
try {
  const parsed = parse(process.argv.slice(2));
  if (parsed === "help") process.stdout.write(USAGE + "\n");
  else await run(parsed);
} catch (err) {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    code = 2;
  } else if (err instanceof AppError) {
    process.stderr.write(`${err.message}\n`);
    code = 1;
  } else {
    process.stderr.write(`admin: ${(err as Error).message}\n`);
    code = 1;
  }
} finally {
  await closeDb().catch(() => {});
}
process.exit(code);
