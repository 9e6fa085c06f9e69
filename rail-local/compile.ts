import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";

// Compiles our stand-in contracts with solc-js (WebAssembly: nothing is downloaded), once per change
// of their sources or of the compiler; the output is kept in rail-local/.build.

const DIR = path.join(import.meta.dirname, "standins");
const BUILD = path.join(import.meta.dirname, ".build");
export const STAND_INS = [
  "StandInUSDC",
  "StandInEscrow",
  "StandInOrchestrator",
  "StandInVerifier",
  "StandInPriceFeed",
  "StandInAddressGroupRegistry",
  "StandInLifecycleHook",
] as const;
export type StandIn = (typeof STAND_INS)[number];
export type Compiled = Record<StandIn, { abi: Abi; deployedBytecode: Hex }>;

export function compileStandIns(): Compiled {
  const require = createRequire(import.meta.url);
  const solcVersion: string = require("solc/package.json").version;
  const sources = Object.fromEntries(
    STAND_INS.map((name) => [`${name}.sol`, { content: fs.readFileSync(path.join(DIR, `${name}.sol`), "utf8") }]),
  );
  const key = crypto.createHash("sha256").update(solcVersion).update(JSON.stringify(sources)).digest("hex").slice(0, 16);
  const cached = path.join(BUILD, `${key}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, "utf8")) as Compiled;

  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      viaIR: true,
      evmVersion: "cancun",
      outputSelection: { "*": { "*": ["abi", "evm.deployedBytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(`the stand-in contracts do not compile:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const compiled = {} as Compiled;
  for (const name of STAND_INS) {
    const c = output.contracts[`${name}.sol`]![name]!;
    compiled[name] = { abi: c.abi, deployedBytecode: `0x${c.evm.deployedBytecode.object}` as Hex };
  }
  fs.mkdirSync(BUILD, { recursive: true });
  // written whole or not at all: another process may be reading the cache
  const partial = `${cached}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify(compiled));
  fs.renameSync(partial, cached);
  return compiled;
}
