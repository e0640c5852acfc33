import { LiquidityTable } from "@/components/dashboard/liquidity-table";
import { PageHeader } from "@/components/dashboard/page-header";
import { EmptyState } from "@/components/ui/states";
import { dashboardLiquidity } from "@/lib/crosschain";
import { requireDashboardSession } from "@/lib/dashboard";

export const metadata = { title: "Crosschain liquidity" };

export default async function LiquidityPage() {
  await requireDashboardSession();
  const liquidity = await dashboardLiquidity();
  return (
    <>
      <PageHeader title="Crosschain liquidity">
        <p>
          Crosschain payments are paid to the payee from the operator’s treasury on the payment’s network; a payout the
          treasury there cannot cover is refunded on the payer’s network. What the treasury holds of USDC and USDT on
          each network, read from the chains (also <code>GET /v2/crosschain/liquidity</code>).
        </p>
      </PageHeader>
      {liquidity ? (
        <LiquidityTable liquidity={liquidity} />
      ) : (
        <EmptyState title="No crosschain operator">
          This service pays no crosschain payments: set <code>CROSSCHAIN_OPERATOR_PRIVATE_KEY</code> and the gateways
          (docs/configuration.md).
        </EmptyState>
      )}
    </>
  );
}
