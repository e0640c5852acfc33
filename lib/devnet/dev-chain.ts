// A handle on one local anvil for the set-up code: read, send as the sandbox admin, and use
// anvil's cheat RPCs. Transactions go through eth_sendTransaction with the admin
// impersonated, so nothing is signed locally and anvil keeps the nonces.
import {
  type Address,
  createPublicClient,
  createTestClient,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
} from "viem";
import { SANDBOX_ADMIN } from "./accounts";

const SETUP_GAS = "0x989680"; // 10M, a third of anvil's block gas limit

export interface DevChain {
  url: string;
  public: PublicClient;
  test: TestClient<"anvil">;
  /** Sends a transaction from the sandbox admin and waits for its receipt; throws if it reverted. */
  send(tx: AdminTx): Promise<TransactionReceipt>;
  /** Sends several in this order, waiting for the receipts only at the end. */
  sendAll(txs: readonly AdminTx[]): Promise<TransactionReceipt[]>;
}

export interface AdminTx {
  to: Address;
  data?: Hex;
  value?: bigint;
}

export function devChain(url: string): DevChain {
  // anvil mines each transaction at once: poll for receipts in milliseconds, not seconds.
  // A generous timeout: on a loaded machine (a build, other test suites) seven anvils being set
  // up at once can take seconds to answer one call, and a start-up must not fail for that.
  const transport = http(url, { retryCount: 0, timeout: 120_000 });
  const publicClient = createPublicClient({ transport, pollingInterval: 10 });
  const testClient = createTestClient({ mode: "anvil", transport });

  async function submit(tx: AdminTx): Promise<Hex> {
    return publicClient.request({
      method: "eth_sendTransaction",
      params: [
        {
          from: SANDBOX_ADMIN.address,
          to: tx.to,
          data: tx.data ?? "0x",
          value: tx.value === undefined ? undefined : `0x${tx.value.toString(16)}`,
          // Not estimated: anvil estimates in the latest block's environment, where re-posting
          // a price (latestTimestamp = block.timestamp) is a cheaper no-op SSTORE than in the
          // next block, and the transaction then runs out of gas. The admin's gas is free.
          gas: SETUP_GAS,
        },
      ],
    } as never) as Promise<Hex>;
  }

  async function confirm(hash: Hex, to: Address): Promise<TransactionReceipt> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 5, timeout: 30_000 });
    if (receipt.status !== "success") throw new Error(`sandbox set-up transaction to ${to} reverted (${hash})`);
    return receipt;
  }

  const send = async (tx: AdminTx) => confirm(await submit(tx), tx.to);

  async function sendAll(txs: readonly AdminTx[]): Promise<TransactionReceipt[]> {
    const hashes: Hex[] = [];
    for (const tx of txs) hashes.push(await submit(tx)); // one at a time: anvil assigns the nonces in arrival order
    return Promise.all(hashes.map((hash, i) => confirm(hash, txs[i].to)));
  }

  return { url, public: publicClient, test: testClient, send, sendAll };
}

/** anvil forgets impersonation on restart; call this before sending as the admin. */
export async function actAsAdmin(chain: DevChain): Promise<void> {
  await chain.test.impersonateAccount({ address: SANDBOX_ADMIN.address });
  const balance = await chain.public.getBalance({ address: SANDBOX_ADMIN.address });
  if (balance < 10n ** 20n) await chain.test.setBalance({ address: SANDBOX_ADMIN.address, value: 10n ** 22n });
}
