// npm run api:routes: writes app/api/route-modules.ts, the index of the API's route modules.
import fs from "node:fs";
import path from "node:path";
import { routeModulesSource } from "@/lib/openapi/route-index";

const apiDir = path.join(process.cwd(), "app", "api");
const file = path.join(apiDir, "route-modules.ts");
const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
const after = routeModulesSource(apiDir);
if (after !== before) fs.writeFileSync(file, after);
process.stdout.write(after === before ? "app/api/route-modules.ts is up to date\n" : "app/api/route-modules.ts written\n");
