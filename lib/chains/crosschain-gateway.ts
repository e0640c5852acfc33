// Our own crosschain gateway (contracts/CrosschainGateway.sol, docs/protocol.md "Crosschain
// payments"): where it is, and the ABI items the operator calls. Pure data: no I/O.
// crosschain-gateway.test.ts checks the ABI against the compiled contract.
import { type Address, getAddress, type Hex, parseAbi } from "viem";
import type { EvmNetworkId } from "./networks";

/**
 * The crosschain operator of the sandbox: presents signed intents to the gateway and pays
 * payees on the destination chain. Its address is also the treasury the gateway collects
 * into, funded with as much of every test stablecoin as a demo wallet, on every chain.
 * A well-known key that guards nothing: private key = keccak256("stablelink sandbox operator").
 */
export const SANDBOX_OPERATOR: { address: Address; privateKey: Hex } = {
  address: "0xFb3C1395EA820620992B79B85814d3E6E737e059",
  privateKey: "0x74fc2e9d46df4f02f22ac6a305555d24ec6aef92534885ca1c90cb4be68c3d1e",
};

/** Where the sandbox places the gateway on every chain (an address nobody holds a key to). */
export const SANDBOX_GATEWAY_ADDRESS: Address = "0x5aBe9e60FFc401A200Dc0601F1b0dFA744ee5c44";

export const GATEWAY_ABI = parseAbi([
  "struct TokenPermissions { address token; uint256 amount; }",
  "struct PermitBatchTransferFrom { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }",
  "struct Domain { address account; uint256 network_id; address payment_token; }",
  "struct OperatorData { bytes32 operatorId; address operator; address treasury_account; uint256 fee; }",
  "struct PaymentIntent { uint8 payment_type; OperatorData operator_data; uint256 amount; Domain source; Domain destination; uint256 processing_date; uint256 expires_at; }",
  "function collect(PermitBatchTransferFrom permit, PaymentIntent intent, bytes signature)",
  "function hashIntent(PaymentIntent intent) pure returns (bytes32)",
  "function operator() view returns (address)",
  "function treasury() view returns (address)",
  "event Collected(bytes32 indexed witness, address indexed payer, address indexed token, uint256 amount, uint256 fee)",
  "error NotOperator()",
  "error IntentExpired()",
  "error WrongSource()",
  "error WrongOperator()",
  "error WrongPermitted()",
]);

/**
 * The gateway on a network: the sandbox's fixed address, else CROSSCHAIN_GATEWAY_<NETWORK>
 * (written by `npm run contracts:deploy-gateway`), else none (crosschain off there).
 */
export function gatewayAddress(
  network: EvmNetworkId,
  sandbox: boolean,
  env: Record<string, string | undefined> = process.env,
): Address | null {
  if (sandbox) return SANDBOX_GATEWAY_ADDRESS;
  const given = env[`CROSSCHAIN_GATEWAY_${network.toUpperCase().replace(/-/g, "_")}`];
  return given ? getAddress(given) : null;
}

/**
 * The operator's key: the sandbox's well-known one, else CROSSCHAIN_OPERATOR_PRIVATE_KEY
 * (a secret: never logged). Its address is also the treasury. null: crosschain off.
 */
export function operatorKey(sandbox: boolean, env: Record<string, string | undefined> = process.env): Hex | null {
  if (sandbox) return SANDBOX_OPERATOR.privateKey;
  const key = env.CROSSCHAIN_OPERATOR_PRIVATE_KEY;
  return key && /^0x[0-9a-fA-F]{64}$/.test(key) ? (key as Hex) : null;
}

/** The operator's address, which detection uses to mark its payouts as crosschain payments. */
export function operatorAddress(
  sandbox: boolean,
  env: Record<string, string | undefined> = process.env,
): Address | null {
  if (sandbox) return SANDBOX_OPERATOR.address;
  const given = env.CROSSCHAIN_OPERATOR_ADDRESS;
  return given ? getAddress(given) : null;
}
