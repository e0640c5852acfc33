// The operator treasury's balance per network and stablecoin (lib/crosschain/liquidity.ts),
// with the low-balance warning: payouts larger than a treasury holds are refunded.
import { ListTable, Td } from "@/components/ui/table";
import type { Liquidity } from "@/lib/crosschain";
import { formatAmount } from "@/lib/pay-page/browser";

export function LiquidityTable({ liquidity }: { liquidity: Liquidity }) {
  const low = liquidity.balances.filter((b) => b.low);
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Treasury: <span className="font-mono break-all">{liquidity.treasury}</span>
      </p>
      {low.length > 0 && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="liquidity-warning"
        >
          {low.length === 1 ? "One balance is" : `${low.length} balances are`} below {liquidity.lowBalanceThreshold}:{" "}
          {low.map((b) => `${b.token} on ${b.networkName}`).join(", ")}. Crosschain payments to these networks larger
          than the balance are refunded: top the treasury up there.
        </p>
      )}
      <ListTable
        label="Treasury balances"
        columns={["Network", "Token", "Balance", "State"]}
        rows={liquidity.balances}
        rowKey={(b) => b.currency}
        rowProps={(b) => ({ "data-testid": "liquidity-row", "data-low": b.low ? "true" : "false" })}
      >
        {(b) => (
          <>
            <Td>{b.networkName}</Td>
            <Td>{b.token}</Td>
            <Td className="font-mono">{formatAmount(b.balance)}</Td>
            <Td>
              {b.low ? (
                <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
                  Low
                </span>
              ) : (
                <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                  Enough
                </span>
              )}
            </Td>
          </>
        )}
      </ListTable>
    </div>
  );
}
