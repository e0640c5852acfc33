// Our DepositForwarderFactory (contracts/DepositForwarderFactory.sol,
// docs/decisions/deposit-addresses.md): where it is on each network, its ABI, the forwarding
// account's key, and the deposit address of a request's payment terms, computed offline
// (CREATE2). Pure data and arithmetic: no I/O.
import { type Address, encodeAbiParameters, getAddress, getContractAddress, type Hex, keccak256, parseAbi } from "viem";
import { compiledContract } from "./compiled-contracts";
import type { EvmNetworkId } from "./networks";

/** Last 20 bytes of keccak256("stablelink deposit forwarder factory"): the sandbox's address on every chain. */
export const SANDBOX_DEPOSIT_FACTORY: Address = "0xb5666c5D0b4ae826F784aBF77a66697EE75996Af";

/**
 * The sandbox's forwarding account: pays the gas of forwards (anyone may, the service does).
 * Its own account so its nonces are shared with no other worker; the set-up funds it.
 * A well-known key that guards nothing: private key = keccak256("stablelink sandbox forwarder").
 */
export const SANDBOX_FORWARDER: { address: Address; privateKey: Hex } = {
  address: "0xE90A1C4ca86270CfD258AcF4496A2960669691FE",
  privateKey: "0xe663ce61746d417f35dca70a8e0c82f1b3a7f2dc1f548f9dd517b148fcb43bb1",
};

export const depositFactoryAbi = parseAbi([
  "function forward(address token, address payee, bytes paymentReference, uint256 feeAmount, address feeAddress) returns (uint256)",
  "function depositAddress(address token, address payee, bytes paymentReference, uint256 feeAmount, address feeAddress) view returns (address)",
  "function feeProxy() view returns (address)",
  "event Forwarded(address indexed forwarder, address indexed token, bytes paymentReference, uint256 amount)",
  "error NothingToForward()",
  "error TokenCallFailed()",
]);

const envName = (network: EvmNetworkId) => `DEPOSIT_FACTORY_${network.toUpperCase().replace(/-/g, "_")}`;

/**
 * The factory on a network: the sandbox's fixed address, else DEPOSIT_FACTORY_<NETWORK>
 * (printed by `npm run contracts:deploy-deposits`), else none (no deposit addresses there).
 */
export function depositFactoryAddress(
  network: EvmNetworkId,
  sandbox: boolean,
  env: Record<string, string | undefined> = process.env,
): Address | null {
  if (sandbox) return SANDBOX_DEPOSIT_FACTORY;
  const given = env[envName(network)];
  return given ? getAddress(given) : null;
}

/** The forwarding account's key: the sandbox's well-known one, else DEPOSIT_FORWARDER_PRIVATE_KEY (a secret: never logged). */
export function forwarderKey(sandbox: boolean, env: Record<string, string | undefined> = process.env): Hex | null {
  if (sandbox) return SANDBOX_FORWARDER.privateKey;
  const key = env.DEPOSIT_FORWARDER_PRIVATE_KEY;
  return key && /^0x[0-9a-fA-F]{64}$/.test(key) ? (key as Hex) : null;
}

/** The terms a deposit address commits to: what `forward` pays, and to whom. */
export interface DepositTerms {
  token: Address;
  payee: Address;
  paymentReference: Hex;
  feeAmount: bigint;
  feeAddress: Address;
}

let forwarderCodeHash: Hex | null = null;

/** The deposit address of `terms` under `factory` (the contract's depositAddress, offline). */
export function depositAddressOf(factory: Address, terms: DepositTerms): Address {
  forwarderCodeHash ??= keccak256(compiledContract("DepositForwarder").bytecode);
  const salt = keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "bytes32" }, { type: "uint256" }, { type: "address" }],
      [terms.token, terms.payee, keccak256(terms.paymentReference), terms.feeAmount, terms.feeAddress],
    ),
  );
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecodeHash: forwarderCodeHash });
}
