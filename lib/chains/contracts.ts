// The contract registry of docs/protocol.md: the payment contracts already deployed on
// every network, with the block each was created in (where payment detection starts), and
// the minimal ABIs of the calls we build and the events we read. Pure data: no I/O.
//
// ABIs are copied from the artifacts of @requestnetwork/smart-contracts 0.48.0 (the versions
// deployed at these addresses), keeping parameter names, so decoded event args carry the
// contract's own names. contracts.test.ts checks every item against those artifacts.
import { type Address, parseAbi } from "viem";
import type { EvmNetworkId, NetworkId } from "./networks";

export const CONTRACT_NAMES = [
  "ERC20FeeProxy",
  "EthereumFeeProxy",
  "Erc20ConversionProxy",
  "EthConversionProxy",
  "ChainlinkConversionPath",
  "BatchConversionPayments",
  "ERC20BatchPayments", // Tron's batch contract; the service still rejects Tron batches
  "Permit2",
] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface Deployment<A extends string = string> {
  address: A;
  /** Block the contract was created in; unknown for Permit2 (detection never reads it). */
  creationBlock?: number;
}

/** Permit2 has the same address on every EVM chain (EIP-712 domain `{name: "Permit2", chainId, verifyingContract}`). */
export const PERMIT2_ADDRESS: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";

type EvmRegistry = Partial<Record<ContractName, Deployment<Address>>>;

const d = (address: Address, creationBlock?: number): Deployment<Address> =>
  creationBlock === undefined ? { address } : { address, creationBlock };

const EVM_CONTRACTS: Record<EvmNetworkId, EvmRegistry> = {
  mainnet: {
    ERC20FeeProxy: d("0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", 10774767),
    EthereumFeeProxy: d("0xfCFBcfc4f5A421089e3Df45455F7f4985FE2D6a8", 14392218),
    Erc20ConversionProxy: d("0x1550A8C4F4E5afC67Ea07e8ac590fdcAdB4bBfb1", 14448345),
    EthConversionProxy: d("0x7Ebf48a26253810629C191b56C3212Fd0D211c26", 14448211),
    ChainlinkConversionPath: d("0xC5519f3fcECC8EC85caaF8836563dEe9a00080f9", 12225729),
    BatchConversionPayments: d("0x3cF63891928B8CeebB81C95426600a18cd59C03f", 15832733),
    Permit2: d(PERMIT2_ADDRESS),
  },
  "arbitrum-one": {
    ERC20FeeProxy: d("0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9", 5309741),
    EthereumFeeProxy: d("0xfCFBcfc4f5A421089e3Df45455F7f4985FE2D6a8", 7943516),
    Erc20ConversionProxy: d("0xA5186dec7dC1ec85B42A3cd2Dc8289e248530B07", 5321045),
    EthConversionProxy: d("0x7Ebf48a26253810629C191b56C3212Fd0D211c26", 5317986),
    ChainlinkConversionPath: d("0x0818Ad7016138f0A40DFAe30F64a923c2A8F61bA", 5317970),
    BatchConversionPayments: d("0x3cF63891928B8CeebB81C95426600a18cd59C03f", 32766338),
    Permit2: d(PERMIT2_ADDRESS),
  },
  optimism: {
    ERC20FeeProxy: d("0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE", 34638633),
    EthereumFeeProxy: d("0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687", 34638587),
    Erc20ConversionProxy: d("0x1550A8C4F4E5afC67Ea07e8ac590fdcAdB4bBfb1", 35490589),
    EthConversionProxy: d("0x7Ebf48a26253810629C191b56C3212Fd0D211c26", 30490295),
    ChainlinkConversionPath: d("0x0818Ad7016138f0A40DFAe30F64a923c2A8F61bA", 35490284),
    BatchConversionPayments: d("0x3cF63891928B8CeebB81C95426600a18cd59C03f", 44224282),
    Permit2: d(PERMIT2_ADDRESS),
  },
  base: {
    ERC20FeeProxy: d("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814", 10827274),
    EthereumFeeProxy: d("0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2", 10827264),
    Erc20ConversionProxy: d("0x8296D56321cf207925a7804E5A8E3F579838e6Ad", 10827277),
    EthConversionProxy: d("0xEdfD8386d5DE52072B4Ad8dC69BBD0bB89f9A1fb", 10827267),
    ChainlinkConversionPath: d("0x3dF89c727eaDF67eeD7b4d09EC4F2b41f8Dec2ca", 10827258),
    BatchConversionPayments: d("0x1aF3f22685AcdDc788B3730ed415912d8f654420", 10827288),
    Permit2: d(PERMIT2_ADDRESS),
  },
  matic: {
    ERC20FeeProxy: d("0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9", 17427742),
    EthereumFeeProxy: d("0xfCFBcfc4f5A421089e3Df45455F7f4985FE2D6a8", 25972999),
    Erc20ConversionProxy: d("0xf0f49873C50765239F6f9534Ba13c4fe16eD5f2E", 17427747),
    EthConversionProxy: d("0x7Ebf48a26253810629C191b56C3212Fd0D211c26", 25999653),
    ChainlinkConversionPath: d("0x0818Ad7016138f0A40DFAe30F64a923c2A8F61bA", 25999509),
    BatchConversionPayments: d("0x3cF63891928B8CeebB81C95426600a18cd59C03f", 34825335),
    Permit2: d(PERMIT2_ADDRESS),
  },
  bsc: {
    ERC20FeeProxy: d("0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9", 11540173),
    EthereumFeeProxy: d("0xfCFBcfc4f5A421089e3Df45455F7f4985FE2D6a8", 16084639),
    Erc20ConversionProxy: d("0xbbd9c5D112343A4Aa2bc194245760CaeeaF118Be", 16361281),
    EthConversionProxy: d("0x7Ebf48a26253810629C191b56C3212Fd0D211c26", 16170265),
    ChainlinkConversionPath: d("0x0818Ad7016138f0A40DFAe30F64a923c2A8F61bA", 16170262),
    BatchConversionPayments: d("0x3cF63891928B8CeebB81C95426600a18cd59C03f", 22511974),
    Permit2: d(PERMIT2_ADDRESS),
  },
  sepolia: {
    ERC20FeeProxy: d("0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE", 4733364),
    EthereumFeeProxy: d("0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687", 4733361),
    Erc20ConversionProxy: d("0xaD61121DAfAAe495095Cd466022b519Cb7503a4E", 4733467),
    EthConversionProxy: d("0xc861aE0Cd70b73b0C8F1D62Fa669E6D1d7D7e0aB", 4733362),
    ChainlinkConversionPath: d("0x7c285b9F2dA5E2c10feA25C00Ce1aCB107F85475", 4733359),
    BatchConversionPayments: d("0x67818703c92580c0e106e401F253E8A410A66f8B", 4733368),
    Permit2: d(PERMIT2_ADDRESS),
  },
};

// Tron addresses are base58 (case-sensitive). Nile testnet ERC20FeeProxy: THK5rNmrvCujhmrXa5DB1dASepwXTr9cJs.
const TRON_CONTRACTS: Partial<Record<ContractName, Deployment<string>>> = {
  ERC20FeeProxy: { address: "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd", creationBlock: 79216121 },
  ERC20BatchPayments: { address: "TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D" },
};

export function findContract(network: EvmNetworkId, name: ContractName): Deployment<Address> | undefined;
export function findContract(network: NetworkId, name: ContractName): Deployment | undefined;
export function findContract(network: NetworkId, name: ContractName): Deployment | undefined {
  return network === "tron" ? TRON_CONTRACTS[name] : EVM_CONTRACTS[network][name];
}

/** The deployment of `name` on `network`; throws when the contract does not exist there. */
export function getContract(network: EvmNetworkId, name: ContractName): Deployment<Address>;
export function getContract(network: NetworkId, name: ContractName): Deployment;
export function getContract(network: NetworkId, name: ContractName): Deployment {
  const found = findContract(network, name);
  if (!found) throw new Error(`${name} is not deployed on ${network}`);
  return found;
}

/**
 * First block to scan for a contract's events. Sandbox chains start at block 0 and the
 * contracts are placed early in them, far below the production creation blocks.
 */
export function detectionStartBlock(network: NetworkId, name: ContractName, sandbox: boolean): bigint {
  if (sandbox) return 0n;
  return BigInt(getContract(network, name).creationBlock ?? 0);
}

export const erc20FeeProxyAbi = parseAbi([
  "function transferFromWithReferenceAndFee(address _tokenAddress, address _to, uint256 _amount, bytes _paymentReference, uint256 _feeAmount, address _feeAddress)",
  "event TransferWithReferenceAndFee(address tokenAddress, address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)",
]);

export const ethereumFeeProxyAbi = parseAbi([
  "function transferWithReferenceAndFee(address _to, bytes _paymentReference, uint256 _feeAmount, address _feeAddress) payable",
  "function transferExactEthWithReferenceAndFee(address _to, uint256 _amount, bytes _paymentReference, uint256 _feeAmount, address _feeAddress) payable",
  "event TransferWithReferenceAndFee(address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)",
]);

// The conversion proxies delegatecall the fee proxies, so the fee proxy's
// TransferWithReferenceAndFee event is emitted from the conversion proxy's address.
export const erc20ConversionProxyAbi = parseAbi([
  "function transferFromWithReferenceAndFee(address _to, uint256 _requestAmount, address[] _path, bytes _paymentReference, uint256 _feeAmount, address _feeAddress, uint256 _maxToSpend, uint256 _maxRateTimespan)",
  "function paymentProxy() view returns (address)",
  "function chainlinkConversionPath() view returns (address)",
  "event TransferWithConversionAndReference(uint256 amount, address currency, bytes indexed paymentReference, uint256 feeAmount, uint256 maxRateTimespan)",
  "event TransferWithReferenceAndFee(address tokenAddress, address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)",
]);

export const ethConversionProxyAbi = parseAbi([
  "function transferWithReferenceAndFee(address _to, uint256 _requestAmount, address[] _path, bytes _paymentReference, uint256 _feeAmount, address _feeAddress, uint256 _maxRateTimespan) payable",
  "function paymentProxy() view returns (address)",
  "function chainlinkConversionPath() view returns (address)",
  "function nativeTokenHash() view returns (address)",
  "event TransferWithConversionAndReference(uint256 amount, address currency, bytes indexed paymentReference, uint256 feeAmount, uint256 maxRateTimespan)",
  "event TransferWithReferenceAndFee(address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)",
]);

export const chainlinkConversionPathAbi = parseAbi([
  "function getRate(address[] _path) view returns (uint256 rate, uint256 oldestRateTimestamp, uint256 decimals)",
  "function getConversion(uint256 _amountIn, address[] _path) view returns (uint256 result, uint256 oldestRateTimestamp)",
  "function allAggregators(address, address) view returns (address)",
  "function nativeTokenHash() view returns (address)",
]);

const REQUEST_DETAIL =
  "struct RequestDetail { address recipient; uint256 requestAmount; address[] path; bytes paymentReference; uint256 feeAmount; uint256 maxToSpend; uint256 maxRateTimespan; }";

export const batchConversionPaymentsAbi = parseAbi([
  REQUEST_DETAIL,
  "struct MetaDetail { uint256 paymentNetworkId; RequestDetail[] requestDetails; }",
  "function batchPayments(MetaDetail[] metaDetails, address[][] pathsToUSD, address feeAddress) payable",
  "function batchERC20Payments(RequestDetail[] requestDetails, address[][] pathsToUSD, address feeAddress) returns (uint256)",
  "function batchMultiERC20Payments(RequestDetail[] requestDetails, address[][] pathsToUSD, address feeAddress) returns (uint256)",
  "function batchNativePayments(RequestDetail[] requestDetails, bool skipFeeUSDLimit, address feeAddress) payable returns (uint256)",
  "function batchMultiERC20ConversionPayments(RequestDetail[] requestDetails, address[][] pathsToUSD, address feeAddress) returns (uint256)",
  "function batchNativeConversionPayments(RequestDetail[] requestDetails, bool skipFeeUSDLimit, address feeAddress) payable returns (uint256)",
  "function batchFee() view returns (uint16)",
  "function batchFeeAmountUSDLimit() view returns (uint64)",
  "function USDAddress() view returns (address)",
  "function NativeAddress() view returns (address)",
]);

/** `paymentNetworkId` of BatchConversionPayments' MetaDetail: which batch function pays the group. */
export const BATCH_PAYMENT_NETWORK_ID = {
  multiErc20Conversion: 0n, // batchMultiERC20ConversionPayments
  erc20: 1n, // batchERC20Payments (one token)
  multiErc20: 2n, // batchMultiERC20Payments
  native: 3n, // batchNativePayments
  nativeConversion: 4n, // batchNativeConversionPayments; must be the last group
} as const;

// Mainnet USDT's transfer/transferFrom/approve return no data although this ABI says bool:
// send them, but do not simulate-and-decode their result.
export const erc20Abi = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address owner) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function approve(address spender, uint256 value) returns (bool)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function transferFrom(address from, address to, uint256 value) returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
]);

/** EIP-2612 (USDC: EIP-712 domain `{name: name(), version: version(), chainId, verifyingContract}`). */
export const erc20PermitAbi = parseAbi([
  "function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)",
  "function nonces(address owner) view returns (uint256)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function version() view returns (string)",
]);
