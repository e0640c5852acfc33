// Our own sandbox contracts (contracts/*.sol), precompiled by compile-contracts.ts.
import type { Abi, Hex } from "viem";
import compiled from "./artifacts/sandbox-contracts.json";
import type { CompiledContract, SandboxContractName } from "./compile-contracts";

const artifacts = compiled as unknown as Record<SandboxContractName, { abi: Abi; bytecode: Hex }>;

export function sandboxContract(name: SandboxContractName): CompiledContract {
  return artifacts[name];
}
