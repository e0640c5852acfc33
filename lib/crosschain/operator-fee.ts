// What the operator charges for a crosschain payment, quoted in the intent (operator_data.fee,
// the second permitted entry) and never added silently: a share of the amount for the
// liquidity it advances, plus a flat allowance for its gas on the destination chain and the
// source pull. Stablecoins are taken at par across chains (USDC on base pays USDC or USDT on
// arbitrum-one one for one, docs/decisions/crosschain-gateway-at-par.md). Pure: no I/O.

/** 0.1 % of the amount. */
export const OPERATOR_FEE_BPS = 10n;
/** 0.05 of the token (5 cents) covers two transactions on an L2 at any realistic gas price. */
export const GAS_ALLOWANCE_CENTS = 5n;

/** `amount` moved from `from` decimals to `to` decimals, rounded up so the payee is never short. */
export function rescale(amount: bigint, from: number, to: number): bigint {
  if (to >= from) return amount * 10n ** BigInt(to - from);
  const div = 10n ** BigInt(from - to);
  return (amount + div - 1n) / div;
}

export function operatorFee(amount: bigint, decimals: number): { share: bigint; gas: bigint; total: bigint } {
  const share = (amount * OPERATOR_FEE_BPS + 9_999n) / 10_000n;
  const gas = decimals >= 2 ? GAS_ALLOWANCE_CENTS * 10n ** BigInt(decimals - 2) : 1n;
  return { share, gas, total: share + gas };
}
