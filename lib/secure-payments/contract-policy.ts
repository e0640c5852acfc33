// The contract check's policy for one network, built on the server from the contract
// registry (docs/protocol.md) and the token list, and handed to the payment page with its HTML.
import { CONTRACT_NAMES, type ContractName, findContract } from "../chains/contracts";
import { CURRENCIES, isToken } from "../chains/currencies";
import { NETWORKS, type NetworkId } from "../chains/networks";
import { tronToHex } from "../chains/tron";
import { addressDigits, type CallPolicy, type PolicyTarget } from "./contract-check";

// ChainlinkConversionPath only answers reads: no payment ever sends a transaction to it.
const READ_ONLY: readonly ContractName[] = ["ChainlinkConversionPath"];

function digitsOf(network: NetworkId, address: string): string | null {
  if (network === "tron") {
    try {
      return tronToHex(address).slice(2);
    } catch {
      return null;
    }
  }
  return addressDigits(address);
}

/**
 * @param recipients addresses a token transfer may pay: the payee and the fee recipients the
 * page shows (EVM hex or Tron base58).
 */
export function paymentCallPolicy(network: NetworkId, recipients: readonly string[] = []): CallPolicy {
  const contracts: PolicyTarget[] = CONTRACT_NAMES.filter((name) => !READ_ONLY.includes(name)).flatMap((name) => {
    const deployment = findContract(network, name);
    return deployment ? [{ address: deployment.address, kind: "contract" as const, name }] : [];
  });
  const tokens: PolicyTarget[] = CURRENCIES.filter((c) => c.network === network && isToken(c)).map((c) => ({
    address: c.address,
    kind: "token" as const,
    name: c.symbol,
    decimals: c.decimals,
  }));
  const digits = (list: readonly string[]) => [
    ...new Set(list.map((a) => digitsOf(network, a)).filter((d): d is string => d !== null)),
  ];
  return {
    networkName: NETWORKS[network].name,
    family: NETWORKS[network].family,
    targets: [...contracts, ...tokens],
    spenders: digits(contracts.map((c) => c.address)),
    recipients: digits(recipients),
  };
}
