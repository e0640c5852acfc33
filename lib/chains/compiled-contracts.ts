// Our own contracts (contracts/*.sol: the sandbox's tokens and feeds, and the recurring proxy and
// crosschain gateway production deploys too), compiled by lib/devnet/compile-contracts.ts into
// the committed contracts/compiled.json, which the sandbox and the deploy commands read.
import type { Abi, Hex } from "viem";
import compiled from "../../contracts/compiled.json";

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex; // creation code, constructor arguments not included
}

export type SandboxContractName =
  | "SandboxToken"
  | "SandboxPermitToken"
  | "SandboxTetherToken"
  | "SandboxTronUsdt"
  | "SandboxPriceFeed"
  | "SandboxMulticall3"
  | "SandboxSanctionsOracle"
  | "ERC20RecurringPaymentProxy"
  | "CrosschainGateway"
  | "DepositForwarderFactory"
  | "DepositForwarder";

const artifacts = compiled as unknown as Record<SandboxContractName, CompiledContract>;

export function compiledContract(name: SandboxContractName): CompiledContract {
  return artifacts[name];
}
