// The fee settings of a client ID, for the domains that apply them (requests, payouts):
// a fee above 0 overrides the fee passed in API calls made with the client ID.
import { db } from "../db/client";

export interface ClientIdFee {
  feePercentage: string | null;
  feeAddress: string | null;
}

export async function getClientIdFee(clientIdId: string): Promise<ClientIdFee | null> {
  return (await db()).clientId.findUnique({
    where: { id: clientIdId },
    select: { feePercentage: true, feeAddress: true },
  });
}
