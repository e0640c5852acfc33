// Makes a fresh sandbox Tron chain look like Tron mainnet for what the service uses: USDT and
// USDC at their production addresses (USDT with Tron's own quirks, contracts/SandboxTronUsdt.sol),
// the ERC20FeeProxy's real bytecode at its production address, and the demo wallets activated
// with TRX and holding both stablecoins. Contracts are placed on the TVM as on the EVM sandbox
// chains (place-contract.ts: the constructor runs at the production address).
import type { Abi } from "viem";
import { compiledContract } from "../../chains/compiled-contracts";
import { getContract } from "../../chains/contracts";
import { getCurrency } from "../../chains/currencies";
import { tronToEvmAddress, tronToHex } from "../../chains/tron";
import { SANDBOX_ADMIN } from "../accounts";
import { actAsAdmin, devChain } from "../dev-chain";
import { placeContract, withConstructorArgs } from "../place-contract";
import { requestArtifactAbi, requestCreationCode } from "../request-contracts";
import { TRON_DEMO_TOKEN_BALANCE, TRON_DEMO_TRX_BALANCE, TRON_DEMO_WALLETS } from "./accounts";
import type { TronNode } from "./node";

/** Bump when the set-up changes: a saved chain of an older set-up is set up anew. */
export const TRON_SETUP_VERSION = 1;

const ORIGIN = `41${SANDBOX_ADMIN.address.slice(2).toLowerCase()}`;

/** Places the contracts on the TVM (before the node opens: anvil blocks come first). */
export async function placeTronContracts(tvmUrl: string): Promise<void> {
  const chain = devChain(tvmUrl);
  await actAsAdmin(chain);
  const holders = TRON_DEMO_WALLETS.map((w) => tronToEvmAddress(w.address));
  for (const id of ["USDT-tron", "USDC-tron"] as const) {
    const token = getCurrency(id)!;
    const contract = id === "USDT-tron" ? compiledContract("SandboxTronUsdt") : compiledContract("SandboxToken");
    const params = contract.abi.find((i) => i.type === "constructor")!.inputs;
    const each = TRON_DEMO_TOKEN_BALANCE * 10n ** BigInt(token.decimals);
    const args = [token.name, token.symbol, token.decimals, holders, each];
    await placeContract(chain, tronToEvmAddress(token.address), withConstructorArgs(contract.bytecode, params, args));
  }
  await placeContract(
    chain,
    tronToEvmAddress(getContract("tron", "ERC20FeeProxy").address),
    requestCreationCode("ERC20FeeProxy"),
  );
  // The admin's gas money would otherwise be a TRX fortune on this chain (balances are sun).
  await chain.test.setBalance({ address: SANDBOX_ADMIN.address, value: 0n });
}

/** Registers what was placed and funds the demo wallets, in the node's ledger. */
export async function setUpTronLedger(node: TronNode): Promise<void> {
  for (const id of ["USDT-tron", "USDC-tron"] as const) {
    const token = getCurrency(id)!;
    const contract = id === "USDT-tron" ? compiledContract("SandboxTronUsdt") : compiledContract("SandboxToken");
    node.registerContract(tronToHex(token.address), {
      name: id === "USDT-tron" ? "TetherToken" : "USDCoin",
      abi: contract.abi as Abi as unknown[],
      originAddress: ORIGIN,
      consumeUserResourcePercent: 100,
      originEnergyLimit: 10_000_000,
      token: { symbol: token.symbol, name: token.name, decimals: token.decimals },
    });
  }
  node.registerContract(tronToHex(getContract("tron", "ERC20FeeProxy").address), {
    name: "ERC20FeeProxy",
    abi: [...requestArtifactAbi("ERC20FeeProxy", "0.1.0")],
    originAddress: ORIGIN,
    consumeUserResourcePercent: 100,
    originEnergyLimit: 10_000_000,
  });
  for (const w of TRON_DEMO_WALLETS) await node.fund(tronToHex(w.address), TRON_DEMO_TRX_BALANCE);
}
