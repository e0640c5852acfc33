// The clock recurring invoices fall due by (docs/decisions/recurring-invoices.md): the time of
// the network's latest block, as recurring payouts' instalments; Tron's by the server's clock.
import { getPublicClient } from "../chains/clients";
import type { NetworkId } from "../chains/networks";

export async function chainNow(network: NetworkId): Promise<Date> {
  if (network === "tron") return new Date();
  const block = await getPublicClient(network).getBlock({ blockTag: "latest" });
  return new Date(Number(block.timestamp) * 1000);
}
