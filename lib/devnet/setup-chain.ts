// Makes a fresh anvil chain look like the production network it stands for: the payment
// contracts at their production addresses, wired to each other as deployed, test
// stablecoins at the production token addresses, price feeds in the conversion path,
// Multicall3 at its canonical address, the sanctions oracle at its production address (seeded
// with SANDBOX_SANCTIONED_WALLET), and funded demo wallets.
import { type Address, encodeFunctionData, type Hex, parseAbi, stringToHex } from "viem";
import { compiledContract } from "../chains/compiled-contracts";
import { getContract, PERMIT2_ADDRESS } from "../chains/contracts";
import { SANDBOX_GATEWAY_ADDRESS, SANDBOX_OPERATOR } from "../chains/crosschain-gateway";
import { SANDBOX_DEPOSIT_FACTORY, SANDBOX_FORWARDER } from "../chains/deposit-factory";
import type { EvmNetworkId } from "../chains/networks";
import { SANDBOX_RECURRING_PROXY } from "../chains/recurring-proxy";
import { SANCTIONS_ORACLE_ADDRESSES } from "../chains/sanctions-oracle";
import {
  DEMO_TOKEN_BALANCE,
  DEMO_WALLETS,
  SANDBOX_ADMIN,
  SANDBOX_RELAYER,
  SANDBOX_SANCTIONED_WALLET,
} from "./accounts";
import { actAsAdmin, type DevChain, devChain } from "./dev-chain";
import { placePermit2 } from "./permit2";
import { placeContract, withConstructorArgs } from "./place-contract";
import { deployPriceFeeds, NATIVE_CURRENCIES, USD_HASH } from "./price-feeds";
import { CONSTRUCTOR_PARAMS, type RequestContractName, requestCreationCode } from "./request-contracts";
import { PERMIT_VERSION, TEST_TOKENS, type TestToken } from "./sandbox-tokens";

/** Bump when the set-up changes: a chain set up by an older version is set up again on start. */
export const SETUP_VERSION = 5; // 2: the sanctions oracle; 3: the recurring payment proxy and its relayer; 4: Permit2, the crosschain gateway, the funded operator; 5: the deposit forwarder factory and its funded forwarder

// The set-up writes this marker last, so a chain interrupted mid-set-up is never taken as ready.
// Code (not storage) because anvil's state dump keeps code of otherwise empty accounts.
export const SETUP_MARKER_ADDRESS: Address = "0x63FE8B9B4D7bDbE8c92c7A09FfE819bFd8c7f5Ba";
const markerCode = (): Hex => `0xfe${stringToHex(`stablelink-sandbox-v${SETUP_VERSION}`).slice(2)}`; // 0xfe: INVALID, never runs

export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

// Production setup values (smart-contracts' contract-setup scripts): batch fee 0, fee limit $150.
const BATCH_FEE_AMOUNT_USD_LIMIT = 150n * 10n ** 8n;
const batchAdminAbi = parseAbi([
  "function setNativeAndUSDAddress(address _NativeAddress, address _USDAddress)",
  "function setBatchFeeAmountUSDLimit(uint64 _batchFeeAmountUSDLimit)",
]);

export async function isSetUp(chain: DevChain): Promise<boolean> {
  const code = await chain.public.getCode({ address: SETUP_MARKER_ADDRESS });
  return code === markerCode();
}

async function placeRequestContract(
  chain: DevChain,
  network: EvmNetworkId,
  name: RequestContractName,
  args: readonly unknown[],
): Promise<void> {
  const code = withConstructorArgs(requestCreationCode(name), CONSTRUCTOR_PARAMS[name], args);
  await placeContract(chain, getContract(network, name).address, code);
}

async function placePaymentContracts(chain: DevChain, network: EvmNetworkId): Promise<void> {
  const at = (name: RequestContractName) => getContract(network, name).address;
  const nativeHash = NATIVE_CURRENCIES[network].hash;
  const admin = SANDBOX_ADMIN.address;
  // Constructors only store the addresses they are given, so the order does not matter.
  await placeRequestContract(chain, network, "ERC20FeeProxy", []);
  await placeRequestContract(chain, network, "EthereumFeeProxy", []);
  await placeRequestContract(chain, network, "ChainlinkConversionPath", [nativeHash, admin]);
  await placeRequestContract(chain, network, "Erc20ConversionProxy", [
    at("ERC20FeeProxy"),
    at("ChainlinkConversionPath"),
    admin,
  ]);
  await placeRequestContract(chain, network, "EthConversionProxy", [
    at("EthereumFeeProxy"),
    at("ChainlinkConversionPath"),
    nativeHash,
    admin,
  ]);
  await placeRequestContract(chain, network, "BatchConversionPayments", [
    at("ERC20FeeProxy"),
    at("EthereumFeeProxy"),
    at("Erc20ConversionProxy"),
    at("EthConversionProxy"),
    at("ChainlinkConversionPath"),
    admin,
  ]);
  const batch = at("BatchConversionPayments");
  await chain.send({
    to: batch,
    data: encodeFunctionData({
      abi: batchAdminAbi,
      functionName: "setNativeAndUSDAddress",
      args: [nativeHash, USD_HASH],
    }),
  });
  await chain.send({
    to: batch,
    data: encodeFunctionData({
      abi: batchAdminAbi,
      functionName: "setBatchFeeAmountUSDLimit",
      args: [BATCH_FEE_AMOUNT_USD_LIMIT],
    }),
  });
}

function tokenCreationCode(token: TestToken): Hex {
  // The operator's treasury holds as much as a demo wallet: the liquidity crosschain payouts use.
  const holders = [...DEMO_WALLETS.map((w) => w.address), SANDBOX_OPERATOR.address];
  const each = DEMO_TOKEN_BALANCE * 10n ** BigInt(token.decimals);
  const { name, symbol, decimals } = token;
  const withArgs = (contract: Parameters<typeof compiledContract>[0], args: readonly unknown[]) => {
    const { abi, bytecode } = compiledContract(contract);
    return withConstructorArgs(bytecode, abi.find((i) => i.type === "constructor")!.inputs, args);
  };
  switch (token.kind) {
    case "permit":
      return withArgs("SandboxPermitToken", [name, symbol, decimals, PERMIT_VERSION, holders, each]);
    case "tether":
      return withArgs("SandboxTetherToken", [name, symbol, decimals, token.returnsBool ?? true, holders, each]);
    case "plain":
      return withArgs("SandboxToken", [name, symbol, decimals, holders, each]);
  }
}

async function placeRecurringProxy(chain: DevChain, network: EvmNetworkId): Promise<void> {
  const { abi, bytecode } = compiledContract("ERC20RecurringPaymentProxy");
  const params = abi.find((i) => i.type === "constructor")!.inputs;
  const args = [getContract(network, "ERC20FeeProxy").address, SANDBOX_RELAYER.address, SANDBOX_ADMIN.address];
  await placeContract(chain, SANDBOX_RECURRING_PROXY, withConstructorArgs(bytecode, params, args));
  await chain.test.setBalance({ address: SANDBOX_RELAYER.address, value: 10n ** 22n });
}

export async function setUpChain(url: string, network: EvmNetworkId): Promise<void> {
  const chain = devChain(url);
  await actAsAdmin(chain);
  await placePaymentContracts(chain, network);
  for (const token of TEST_TOKENS[network]) await placeContract(chain, token.address, tokenCreationCode(token));
  await deployPriceFeeds(chain, network);
  await placeContract(chain, MULTICALL3_ADDRESS, compiledContract("SandboxMulticall3").bytecode);
  const oracle = SANCTIONS_ORACLE_ADDRESSES[network];
  if (oracle) {
    const { abi, bytecode } = compiledContract("SandboxSanctionsOracle");
    await placeContract(
      chain,
      oracle,
      withConstructorArgs(bytecode, abi.find((i) => i.type === "constructor")!.inputs, [
        [SANDBOX_SANCTIONED_WALLET.address],
      ]),
    );
  }
  await placeRecurringProxy(chain, network);
  await placePermit2(chain);
  const gateway = compiledContract("CrosschainGateway");
  await placeContract(
    chain,
    SANDBOX_GATEWAY_ADDRESS,
    withConstructorArgs(gateway.bytecode, gateway.abi.find((i) => i.type === "constructor")!.inputs, [
      PERMIT2_ADDRESS,
      SANDBOX_OPERATOR.address,
      SANDBOX_OPERATOR.address,
    ]),
  );
  await chain.test.setBalance({ address: SANDBOX_OPERATOR.address, value: 10n ** 22n });
  const factory = compiledContract("DepositForwarderFactory");
  await placeContract(
    chain,
    SANDBOX_DEPOSIT_FACTORY,
    withConstructorArgs(factory.bytecode, factory.abi.find((i) => i.type === "constructor")!.inputs, [
      getContract(network, "ERC20FeeProxy").address,
    ]),
  );
  await chain.test.setBalance({ address: SANDBOX_FORWARDER.address, value: 10n ** 22n });
  await chain.test.setCode({ address: SETUP_MARKER_ADDRESS, bytecode: markerCode() });
}
