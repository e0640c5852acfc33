// What the payee-destinations page offers: every network of the service with its destination
// tokens (USDC first, then USDT; never USDT0), as plain data for the page's client components.
import { NETWORK_IDS, NETWORKS, type NetworkId } from "../chains/networks";
import { type DestinationSymbol, destinationSymbol, destinationTokens } from "../payee-destinations/browser";

export interface DestinationTokenChoice {
  symbol: DestinationSymbol;
  address: string;
  currency: string;
  decimals: number;
}

export interface DestinationNetworkChoice {
  id: NetworkId;
  name: string;
  chainId: number;
  family: "evm" | "tron";
  testnet: boolean;
  tokens: DestinationTokenChoice[];
}

/** The network the form starts on: Base, among the cheapest to pay on and to be paid on (and a
 * sandbox chain like every other in the sandbox), never Ethereum mainnet's fees by default. */
export const DEFAULT_DESTINATION_NETWORK: NetworkId = "base";

export function destinationNetworkChoices(): DestinationNetworkChoice[] {
  return NETWORK_IDS.map((id) => NETWORKS[id])
    .map((n) => ({
      id: n.id,
      name: n.name,
      chainId: n.chainId,
      family: n.family,
      testnet: n.testnet,
      tokens: destinationTokens(n.id).map((c) => ({
        symbol: destinationSymbol(c),
        address: c.address,
        currency: c.id,
        decimals: c.decimals,
      })),
    }))
    .filter((n) => n.tokens.length > 0);
}
