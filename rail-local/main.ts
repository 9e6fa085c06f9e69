// npm run rail:local: starts, on loopback, everything the real rail talks to (rail-local/stack.ts),
// prints the service's settings as NAME=value lines, then "rail ready", and runs until stopped.
// Faults: POST /__faults on the curator or attestation stand-in, e.g. {"quote":"5xx"}, or on the RPC
// proxy (ZKP2P_RPC_URL), e.g. {"rpc":"5xx"} or {"broadcast":"timeout"}; {} clears.
// `npm run rail:local -- --remote-signer` (or RAIL_SIGNER=remote): the taker wallets sign through a
// remote signer (a second anvil, on RAIL_SIGNER_PORT), and the settings carry no key.
import { startRailStack } from "./stack";

const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

const stack = await startRailStack({
  anvilPort: port("RAIL_ANVIL_PORT") ?? 8545,
  rpcPort: port("RAIL_RPC_PORT"),
  curatorPort: port("RAIL_CURATOR_PORT"),
  attestationPort: port("RAIL_ATTESTATION_PORT"),
  // blocks keep coming, so that confirmations grow as on a real chain
  blockTime: port("RAIL_BLOCK_TIME") ?? 1,
  signer: process.argv.includes("--remote-signer") || process.env.RAIL_SIGNER === "remote" ? "remote" : "keys",
  signerPort: port("RAIL_SIGNER_PORT"),
});
for (const [name, value] of Object.entries(stack.settings)) process.stdout.write(`${name}=${value}\n`);
process.stdout.write("rail ready\n");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  });
}
