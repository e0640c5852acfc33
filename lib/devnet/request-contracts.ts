// Creation bytecode of the real payment contracts, read from the typechain factories of
// @requestnetwork/smart-contracts (the published build; its ABIs are the ones deployed at
// the production addresses, see lib/chains/contracts.test.ts). The factories are read as
// text rather than imported: importing them loads ethers v5 for nothing.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type AbiParameter, type Hex, parseAbiParameters } from "viem";

export type RequestContractName =
  | "ERC20FeeProxy"
  | "EthereumFeeProxy"
  | "Erc20ConversionProxy"
  | "EthConversionProxy"
  | "ChainlinkConversionPath"
  | "BatchConversionPayments";

const FACTORY_FILE: Record<RequestContractName, string> = {
  ERC20FeeProxy: "ERC20FeeProxy__factory.js",
  EthereumFeeProxy: "EthereumFeeProxy__factory.js",
  Erc20ConversionProxy: "Erc20ConversionProxy__factory.js",
  EthConversionProxy: "EthConversionProxy__factory.js",
  ChainlinkConversionPath: "ChainlinkConversionPath.sol/ChainlinkConversionPath__factory.js",
  BatchConversionPayments: "BatchConversionPayments__factory.js",
};

/** Constructor parameters, as in the factories' ABIs. */
export const CONSTRUCTOR_PARAMS: Record<RequestContractName, readonly AbiParameter[]> = {
  ERC20FeeProxy: [],
  EthereumFeeProxy: [],
  Erc20ConversionProxy: parseAbiParameters(
    "address _paymentProxyAddress, address _chainlinkConversionPathAddress, address _owner",
  ),
  EthConversionProxy: parseAbiParameters(
    "address _paymentProxyAddress, address _chainlinkConversionPathAddress, address _nativeTokenHash, address _owner",
  ),
  ChainlinkConversionPath: parseAbiParameters("address _nativeTokenHash, address _owner"),
  BatchConversionPayments: parseAbiParameters(
    "address _paymentErc20Proxy, address _paymentNativeProxy, address _paymentErc20ConversionProxy, address _paymentNativeConversionFeeProxy, address _chainlinkConversionPath, address _owner",
  ),
};

const PACKAGE = "@requestnetwork/smart-contracts";

function packageDir(): string {
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
  } catch {
    return path.join(process.cwd(), "node_modules", PACKAGE);
  }
}

const cache = new Map<RequestContractName, Hex>();

export function requestCreationCode(name: RequestContractName): Hex {
  const cached = cache.get(name);
  if (cached) return cached;
  const file = path.join(packageDir(), "types", "factories", "src", "contracts", FACTORY_FILE[name]);
  const match = /const _bytecode\s*=\s*"(0x[0-9a-fA-F]+)"/.exec(fs.readFileSync(file, "utf8"));
  if (!match) throw new Error(`no creation bytecode in ${file}`);
  const code = match[1] as Hex;
  cache.set(name, code);
  return code;
}

/** The full ABI of a published artifact version (dist/src/lib/artifacts/<name>/<version>.json). */
export function requestArtifactAbi(name: RequestContractName, version: string): readonly unknown[] {
  const file = path.join(packageDir(), "dist", "src", "lib", "artifacts", name, `${version}.json`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { abi: unknown[] }).abi;
}
