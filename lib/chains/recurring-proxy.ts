// Our ERC20RecurringPaymentProxy (contracts/ERC20RecurringPaymentProxy.sol, docs/protocol.md
// "Recurring payments"): where it is on each network, the ABI items we call, and the EIP-712
// SchedulePermit a payer signs. Unlike the payment contracts of contracts.ts, this one is ours:
// the sandbox places it at SANDBOX_RECURRING_PROXY; on a production network the operator
// deploys it (`npm run contracts:deploy -- --network base`) and configures its address
// (RECURRING_PROXY_<NETWORK>, read by lib/config.ts).
import { type Address, parseAbi } from "viem";
import { getConfig, recurringProxyEnvName } from "../config";
import type { EvmNetworkId } from "./networks";

/** Last 20 bytes of keccak256("stablelink recurring proxy"): the sandbox's address on every chain. */
export const SANDBOX_RECURRING_PROXY: Address = "0x508CE1213d343E23FfadEfB544fADdC231612C9B";

export const recurringProxyAbi = parseAbi([
  "struct SchedulePermit { address subscriber; address token; address recipient; address feeAddress; uint128 amount; uint128 feeAmount; uint128 relayerFee; uint32 periodSeconds; uint32 firstPayment; uint8 totalPayments; uint256 nonce; uint256 deadline; bool strictOrder; }",
  "function triggerRecurringPayment(SchedulePermit permit, bytes signature, uint8 paymentIndex, bytes paymentReference)",
  "function scheduleDigest(SchedulePermit permit) view returns (bytes32)",
  "function isExecuted(bytes32 digest, uint8 paymentIndex) view returns (bool)",
  "function executedBitmap(bytes32 digest) view returns (uint256)",
  "function relayer() view returns (address)",
  "function setRelayer(address relayer_)",
  "event RecurringPaymentTriggered(bytes32 indexed scheduleDigest, uint8 paymentIndex, bytes paymentReference)",
  "error NotOwner()",
  "error NotRelayer()",
  "error Reentrancy()",
  "error SignatureExpired()",
  "error BadSignature()",
  "error BadIndex()",
  "error NotDue()",
  "error AlreadyPaid()",
  "error OutOfOrder()",
  "error TokenCallFailed()",
]);

export interface SchedulePermit {
  subscriber: Address;
  token: Address;
  recipient: Address;
  feeAddress: Address;
  amount: bigint;
  feeAmount: bigint;
  relayerFee: bigint;
  periodSeconds: number;
  firstPayment: number;
  totalPayments: number;
  nonce: bigint;
  deadline: bigint;
  strictOrder: boolean;
}

export const SCHEDULE_PERMIT_TYPES = {
  SchedulePermit: [
    { name: "subscriber", type: "address" },
    { name: "token", type: "address" },
    { name: "recipient", type: "address" },
    { name: "feeAddress", type: "address" },
    { name: "amount", type: "uint128" },
    { name: "feeAmount", type: "uint128" },
    { name: "relayerFee", type: "uint128" },
    { name: "periodSeconds", type: "uint32" },
    { name: "firstPayment", type: "uint32" },
    { name: "totalPayments", type: "uint8" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "strictOrder", type: "bool" },
  ],
} as const;

/** The EIP-712 typed data of a schedule, as a wallet's eth_signTypedData_v4 takes it (viem's shape). */
export function schedulePermitTypedData(chainId: number, proxy: Address, permit: SchedulePermit) {
  return {
    domain: { name: "ERC20RecurringPaymentProxy", version: "1", chainId, verifyingContract: proxy },
    types: SCHEDULE_PERMIT_TYPES,
    primaryType: "SchedulePermit" as const,
    message: permit,
  };
}

/** The proxy on this network: the sandbox's fixed address, or the configured one (none: recurring payouts are off there). */
export function recurringProxyAddress(network: EvmNetworkId): Address | undefined {
  const config = getConfig();
  if (config.sandbox) return SANDBOX_RECURRING_PROXY;
  return (config as unknown as Record<string, Address | undefined>)[recurringProxyEnvName(network)];
}
