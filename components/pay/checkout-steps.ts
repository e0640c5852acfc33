// The steps a payer goes through, named from the transactions the service answered: approvals
// (and the USDT reset to 0) first, then the payment, then fee payments. Pure: the page's
// progress list and the order of wallet prompts both come from here.
import { unitsToDecimal } from "@/lib/pay-page/browser";
import type { CallPolicy, PolicyTarget } from "@/lib/secure-payments/browser";

export interface WireTransaction {
  to: string;
  data: string;
  value: 0 | "0" | { type: "BigNumber"; hex: string };
}

export type StepKind = "reset" | "approve" | "pay" | "fee";

/** What a step says, as a message of "steps" (messages/<locale>.json) and its values. */
export type StepLabel =
  | { key: "reset"; token: string }
  | { key: "approve"; token: string; amount: string | null; symbol: string }
  | { key: "pay" }
  | { key: "fee" };

export interface CheckoutStep {
  kind: StepKind;
  label: StepLabel;
  tx: WireTransaction;
}

export type StepStatus = "waiting" | "wallet" | "network" | "done" | "failed";

const APPROVE = "0x095ea7b3";

function tokenTarget(policy: CallPolicy, to: string): PolicyTarget | undefined {
  const same = policy.family === "tron" ? (a: string) => a === to : (a: string) => a.toLowerCase() === to.toLowerCase();
  return policy.targets.find((t) => t.kind === "token" && same(t.address));
}

/** The amount word of `approve(spender, amount)`, or null when unreadable. */
function approvedAmount(data: string): bigint | null {
  const word = data.slice(74, 138);
  return /^[0-9a-f]{64}$/i.test(word) ? BigInt(`0x${word}`) : null;
}

/** wei of a wire value (`0`, `"0"` or `{type: "BigNumber", hex}`). */
export function valueOf(value: WireTransaction["value"] | undefined): bigint {
  if (value === undefined || value === 0 || value === "0") return 0n;
  return typeof value === "object" && /^0x[0-9a-f]+$/i.test(value.hex) ? BigInt(value.hex) : 0n;
}

/** The payment step's words are the page's pay button's (label `{key: "pay"}`). */
export function checkoutSteps(transactions: readonly WireTransaction[], policy: CallPolicy): CheckoutStep[] {
  let paid = false;
  return transactions.map((tx) => {
    const token = tokenTarget(policy, tx.to);
    const approved = token && tx.data.slice(0, 10).toLowerCase() === APPROVE ? approvedAmount(tx.data) : null;
    if (token && approved === 0n) return { kind: "reset", label: { key: "reset", token: token.name }, tx };
    if (token && approved !== null) {
      const amount = token.decimals === undefined ? null : unitsToDecimal(approved, token.decimals);
      return { kind: "approve", label: { key: "approve", token: token.name, amount, symbol: token.name }, tx };
    }
    if (!paid) {
      paid = true;
      return { kind: "pay", label: { key: "pay" }, tx };
    }
    return { kind: "fee", label: { key: "fee" }, tx };
  });
}
