// npm run admin -- <command>: the operator's commands (scripts/admin-commands.ts), as a process.
// Exit codes: 0 done, 1 the merchant was not found (or the command failed, or restore refused a
// non-empty target or a damaged file, or a smoke test failed), 2 bad arguments.
import { closeDb } from "@/db/client";
import { admin } from "./admin-commands";

// stdout is the operator's answer (and --json a machine's): start-up info lines must not mix in
process.env.LOG_LEVEL ||= "warn";

let code = 1;
try {
  code = await admin(process.argv.slice(2), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
} finally {
  await closeDb().catch(() => {});
}
process.exit(code);
