// npm run docs:state: writes the state machines of lib/state into docs/architecture.md.
import fs from "node:fs";
import path from "node:path";
import { withStateTables } from "@/lib/state/render";

const file = path.join(process.cwd(), "docs", "architecture.md");
const before = fs.readFileSync(file, "utf8");
const after = withStateTables(before);
if (after !== before) fs.writeFileSync(file, after);
process.stdout.write(after === before ? "docs/architecture.md is up to date\n" : "docs/architecture.md: state tables rewritten\n");
