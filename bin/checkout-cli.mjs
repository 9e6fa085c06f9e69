#!/usr/bin/env node
// npx checkout-cli: runs scripts/cli.ts through tsx, so a fresh clone needs no build step.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register({ tsconfig: path.join(root, "tsconfig.json") });
const { main } = await import(path.join(root, "scripts", "cli.ts"));
process.exitCode = await main(process.argv.slice(2));
