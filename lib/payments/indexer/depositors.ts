// Who paid a deposit (docs/decisions/deposit-addresses.md): a forward of a deposit address is
// sent by the forwarding account to the DepositForwarderFactory, and the fee proxy pulls the
// tokens from the deposit address. The payer is whoever sent the tokens there with a plain
// transfer: the `from` of the latest token Transfer into the deposit address before the
// forward, read with eth_getLogs (`to` is indexed), going back window by window.
import { type Address, getAddress, type Hex, parseAbiItem } from "viem";
import type { ChainClient } from "../../chains/clients";
import { getConfig } from "../../config";
import type { PaymentLeg } from "./decode-logs";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
/** How many windows of the detection's block range a payer is looked for before the forward. */
const WINDOWS = 50;

async function latestArrival(
  client: ChainClient,
  token: Address,
  deposit: Address,
  before: { blockNumber: bigint; logIndex: number },
): Promise<Address | null> {
  const range = BigInt(getConfig().detection.blockRange);
  let to = before.blockNumber;
  for (let i = 0; i < WINDOWS && to >= 0n; i++) {
    const from = to - range + 1n > 0n ? to - range + 1n : 0n;
    const logs = await client.getLogs({
      address: token,
      event: TRANSFER,
      args: { to: deposit },
      fromBlock: from,
      toBlock: to,
    });
    const earlier = logs.filter(
      (l) =>
        l.blockNumber < before.blockNumber || (l.blockNumber === before.blockNumber && l.logIndex < before.logIndex),
    );
    const last = earlier.at(-1);
    if (last?.args.from) return getAddress(last.args.from);
    if (from === 0n) break;
    to = from - 1n;
  }
  return null;
}

/**
 * The depositor of each leg that is a deposit's forward (key txHash:logIndex): the arrival's
 * sender, or the deposit address itself when no arrival was found within the windows.
 */
export async function depositors(
  client: ChainClient,
  legs: readonly PaymentLeg[],
  blocks: ReadonlyMap<bigint, { transactions: readonly { hash: Hex; to: Address | null }[] }>,
  tokenPayers: ReadonlyMap<string, Address>,
  factory: string | undefined,
): Promise<Map<string, Address>> {
  const out = new Map<string, Address>();
  if (!factory) return out;
  for (const leg of legs) {
    if (!leg.tokenAddress) continue;
    const tx = blocks.get(leg.blockNumber)?.transactions.find((t) => t.hash === leg.txHash);
    if (tx?.to?.toLowerCase() !== factory) continue;
    const key = `${leg.txHash}:${leg.logIndex}`;
    const deposit = tokenPayers.get(key);
    if (!deposit) continue;
    out.set(key, (await latestArrival(client, leg.tokenAddress, deposit, leg)) ?? deposit);
  }
  return out;
}
