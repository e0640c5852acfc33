// Compiles our own contracts (contracts/*.sol: the sandbox's, the recurring proxy and the crosschain gateway, which production deploys too) with solc-js into
// contracts/compiled.json. The sandbox and the deploy commands load that committed JSON instead of
// compiling at start-up: solc-js needs seconds and a large wasm module, the JSON is a few KB.
// compile-contracts.test.ts fails when the JSON no longer matches the sources.
//
//   npx tsx lib/devnet/compile-contracts.ts
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { CompiledContract, SandboxContractName } from "../chains/compiled-contracts";

export const SANDBOX_CONTRACT_NAMES: readonly SandboxContractName[] = [
  "SandboxToken",
  "SandboxPermitToken",
  "SandboxTetherToken",
  "SandboxTronUsdt",
  "SandboxPriceFeed",
  "SandboxMulticall3",
  "SandboxSanctionsOracle",
  "ERC20RecurringPaymentProxy",
  "CrosschainGateway", // not sandbox-only: production deploys it too (scripts/deploy-gateway.ts)
  "DepositForwarderFactory", // not sandbox-only: production deploys it too (scripts/deploy-deposit-factory.ts)
  "DepositForwarder", // created by the factory (CREATE2): its creation code makes the deposit addresses
];

const here = path.dirname(fileURLToPath(import.meta.url));
export const CONTRACTS_DIR = path.resolve(here, "../../contracts");
export const ARTIFACT_FILE = path.join(CONTRACTS_DIR, "compiled.json");

// `bytecodeHash: none` keeps the bytecode stable when only comments change; cancun is
// supported by anvil and by every chain the sandbox imitates.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  metadata: { bytecodeHash: "none", appendCBOR: false },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
};

export async function compileSandboxContracts(): Promise<Record<SandboxContractName, CompiledContract>> {
  const { default: solc } = await import("solc");
  const sources: Record<string, { content: string }> = {};
  for (const file of fs
    .readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith(".sol"))
    .sort()) {
    sources[file] = { content: fs.readFileSync(path.join(CONTRACTS_DIR, file), "utf8") };
  }
  const output = JSON.parse(solc.compile(JSON.stringify({ language: "Solidity", sources, settings: SETTINGS })));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0)
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join("\n"));

  const result = {} as Record<SandboxContractName, CompiledContract>;
  for (const name of SANDBOX_CONTRACT_NAMES) {
    const file = name === "DepositForwarder" ? "DepositForwarderFactory" : name;
    const contract = output.contracts[`${file}.sol`]?.[name];
    if (!contract) throw new Error(`contracts/${name}.sol does not define ${name}`);
    result[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  }
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const compiled = await compileSandboxContracts();
  fs.mkdirSync(path.dirname(ARTIFACT_FILE), { recursive: true });
  fs.writeFileSync(ARTIFACT_FILE, JSON.stringify(compiled, null, 1) + "\n");
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT_FILE)}`);
}
