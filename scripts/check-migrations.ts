// npm run check:migrations: refuses a migration after the baseline that would break the previous
// release's running instances or block their writes (docs/migrations.md). The unit suite runs the
// same check (db/migrate/check.test.ts).
import path from "node:path";
import { checkMigrationsFolder, formatProblem, projectContext } from "../db/migrate/check";

const root = process.cwd();
const { checked, problems } = checkMigrationsFolder({ folder: path.join(root, "db", "migrations"), root, context: projectContext(root) });
for (const p of problems) console.error(formatProblem(p));
if (problems.length) {
  console.error(`\n${problems.length} problem(s). How to change the schema without downtime: docs/migrations.md`);
  process.exit(1);
}
console.log(`migrations: ${checked.length} after the baseline checked, nothing would break the previous release`);
