// The last check before a wallet is asked to sign anything on the payment page: every call
// must go to a payment contract of the registry of docs/protocol.md or to a token of the payment's
// network, and a token may only be asked to approve one of those contracts (or to transfer to
// a recipient the page itself shows). Anything else — a tampered API answer, a compromised
// proxy in between — blocks the page with the reason, before the wallet sees it.
//
// Pure and dependency-free: it runs in the browser with a policy built on the server
// (contract-policy.ts), so the page carries neither the currency list nor the registry.

export interface PolicyTarget {
  /** As transactions name it: EVM hex (compared case-insensitively) or Tron base58 (exact). */
  address: string;
  kind: "contract" | "token";
  /** "ERC20FeeProxy", "USDC"… for the reason shown when something else is called. */
  name: string;
  /** Tokens: their decimals, to show approved amounts. */
  decimals?: number;
}

export interface CallPolicy {
  networkName: string;
  family: "evm" | "tron";
  targets: PolicyTarget[];
  /** Who a token approval may name: the payment contracts, as 40 lowercase hex digits (Tron: their 20 bytes). */
  spenders: string[];
  /** Who a token transfer may pay (payee and fee addresses the page shows), 40 lowercase hex digits. */
  recipients: string[];
}

export interface CheckedCall {
  to?: string | null;
  data?: string | null;
}

export type ContractCheck = { ok: true } | { ok: false; index: number; reason: string };

const APPROVE = "0x095ea7b3"; // approve(address,uint256)
const TRANSFER = "0xa9059cbb"; // transfer(address,uint256)

/** The 20-byte address of an ABI-encoded first argument, as 40 lowercase hex digits, or null. */
function firstAddressArgument(data: string): string | null {
  const word = data.slice(10, 74).toLowerCase();
  if (!/^0{24}[0-9a-f]{40}$/.test(word)) return null;
  return word.slice(24);
}

/** 40 lowercase hex digits of an EVM address (0x…), or of a Tron hex address (41…); null otherwise. */
export function addressDigits(address: string): string | null {
  const hex = address.replace(/^0x/i, "").toLowerCase();
  if (/^[0-9a-f]{40}$/.test(hex)) return hex;
  if (/^41[0-9a-f]{40}$/.test(hex)) return hex.slice(2);
  return null;
}

function sameAddress(policy: CallPolicy, a: string, b: string): boolean {
  return policy.family === "tron" ? a === b : a.toLowerCase() === b.toLowerCase();
}

function shorten(address: string): string {
  return address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

function checkOne(policy: CallPolicy, call: CheckedCall): string | null {
  const to = typeof call.to === "string" ? call.to.trim() : "";
  if (!to) return "it names no contract to call (it would deploy code or burn funds)";
  const target = policy.targets.find((t) => sameAddress(policy, t.address, to));
  if (!target)
    return `it calls ${shorten(to)}, which is neither a payment contract nor a token of ${policy.networkName}`;
  if (target.kind === "contract") return null;
  const data = typeof call.data === "string" ? call.data : "";
  const selector = data.slice(0, 10).toLowerCase();
  const party = firstAddressArgument(data);
  if (selector === APPROVE) {
    if (party && policy.spenders.includes(party)) return null;
    return `it lets an unknown address spend your ${target.name} (an approval must name a payment contract)`;
  }
  if (selector === TRANSFER) {
    if (party && policy.recipients.includes(party)) return null;
    return `it sends ${target.name} to an address this payment does not pay`;
  }
  return `it asks the ${target.name} contract for something other than an approval or a payment`;
}

/** Checks every call, in order; the first one that fails is the answer. An empty list fails too. */
export function checkCalls(policy: CallPolicy, calls: readonly CheckedCall[]): ContractCheck {
  if (calls.length === 0) return { ok: false, index: -1, reason: "The service answered no transaction to sign." };
  for (const [index, call] of calls.entries()) {
    const problem = checkOne(policy, call);
    if (problem)
      return {
        ok: false,
        index,
        reason: `Transaction ${index + 1} of ${calls.length} was blocked: ${problem}. Nothing was sent to your wallet.`,
      };
  }
  return { ok: true };
}
