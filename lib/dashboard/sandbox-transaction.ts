// A transaction of the sandbox chains, read from the chain itself, for the sandbox's own
// transaction page (/sandbox/tx/{network}/{hash}): public explorers do not know these chains
// (docs/decisions/sandbox-transaction-page.md).
import { erc20Abi, getAddress, type Hash, parseEventLogs } from "viem";
import { getPublicClient } from "../chains/clients";
import { tokenByAddress } from "../chains/currencies";
import { EVM_NETWORK_IDS, type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig } from "../config";
import { formatMoney, unitsToDecimal } from "../pay-page";

export interface SandboxTokenTransfer {
  /** "42.50 USDC", or raw units and the contract address for a token the currency list lacks. */
  amount: string;
  token: string;
  from: string;
  to: string;
}

export interface SandboxTransactionView {
  network: EvmNetworkId;
  networkName: string;
  hash: string;
  status: "success" | "reverted" | "pending";
  blockNumber: string | null;
  minedAt: Date | null;
  from: string;
  to: string | null;
  value: string;
  transfers: SandboxTokenTransfer[];
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

function isEvmNetwork(value: string): value is EvmNetworkId {
  return (EVM_NETWORK_IDS as readonly string[]).includes(value);
}

/** The transaction, or null outside the sandbox, for an unknown network or hash, or one the chain does not have. */
export async function loadSandboxTransaction(network: string, hash: string): Promise<SandboxTransactionView | null> {
  if (!getConfig().sandbox || !isEvmNetwork(network) || !HASH.test(hash)) return null;
  const client = getPublicClient(network);
  const tx = await client.getTransaction({ hash: hash as Hash }).catch(() => null);
  if (!tx) return null;
  const receipt = await client.getTransactionReceipt({ hash: hash as Hash }).catch(() => null);
  const block = receipt ? await client.getBlock({ blockNumber: receipt.blockNumber }).catch(() => null) : null;
  const transfers = receipt
    ? parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs, strict: false }).map((log) => {
        const token = tokenByAddress(network, log.address);
        const units = log.args.value ?? 0n;
        return {
          amount: token ? formatMoney(unitsToDecimal(units, token.decimals), token.symbol) : `${units} units`,
          token: token ? `${token.symbol} (${log.address})` : log.address,
          from: log.args.from ?? "",
          to: log.args.to ?? "",
        };
      })
    : [];
  return {
    network,
    networkName: NETWORKS[network].name,
    hash: tx.hash,
    status: receipt ? receipt.status : "pending",
    blockNumber: receipt ? receipt.blockNumber.toString() : null,
    minedAt: block ? new Date(Number(block.timestamp) * 1000) : null,
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    value: `${unitsToDecimal(tx.value, 18)} ${NETWORKS[network].nativeSymbol}`,
    transfers,
  };
}
