// The chains the checkout pays out on, by id: their names, their USDC, and their block explorer.
// Pure data, no imports: the browser's bundle and the server share it.

export type ChainInfo = { name: string; explorer: string; usdc: string };

/** The default explorer per chain; a merchant may set its own in Settings (lib/merchants/explorer-urls.ts). */
export const CHAINS: Record<number, ChainInfo> = {
  8453: { name: "Base", explorer: "https://basescan.org", usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
  84532: { name: "Base Sepolia", explorer: "https://sepolia.basescan.org", usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" },
};

/** A chain's name ("Base"), or "Chain <id>" for one this service does not know. */
export function chainName(chainId: number | null | undefined): string {
  if (chainId == null) return "Unknown chain";
  return CHAINS[chainId]?.name ?? `Chain ${chainId}`;
}
