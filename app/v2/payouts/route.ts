import { routeHandlers } from "@/lib/api/route";
import { createPayoutOperation } from "@/lib/payouts/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createPayoutOperation);
