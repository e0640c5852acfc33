// Permit2 in the sandbox, at its canonical address. Its runtime bytecode comes from the npm
// package @uniswap/v4-periphery (MIT), which vendors the Permit2 repository with the
// precompiled runtime code its own tests etch at that address (lib/permit2/test/utils/
// DeployPermit2.sol). Permit2's EIP-712 domain separator is rebuilt from block.chainid and
// address(this) whenever the chain id differs from the one cached at compile time, so the
// same code is correct on every sandbox chain.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Hex } from "viem";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import type { DevChain } from "./dev-chain";

const PACKAGE = "@uniswap/v4-periphery";
let cached: Hex | undefined;

// As request-contracts.ts: a template string, so the bundler leaves the resolution to Node.
function packageDir(): string {
  try {
    const resolved: unknown = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
    if (typeof resolved === "string") return path.dirname(resolved);
  } catch {
    /* below */
  }
  return path.join(process.cwd(), "node_modules", PACKAGE);
}

export function permit2RuntimeCode(): Hex {
  if (cached) return cached;
  const file = path.join(packageDir(), "lib/permit2/test/utils/DeployPermit2.sol");
  const hex = /hex"([0-9a-f]+)"/.exec(fs.readFileSync(file, "utf8"))?.[1];
  if (!hex) throw new Error(`no Permit2 bytecode in ${file}`);
  cached = `0x${hex}`;
  return cached;
}

export async function placePermit2(chain: DevChain): Promise<void> {
  await chain.test.setCode({ address: PERMIT2_ADDRESS, bytecode: permit2RuntimeCode() });
}
