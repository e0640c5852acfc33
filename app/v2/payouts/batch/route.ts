import { routeHandlers } from "@/lib/api/route";
import { createBatchPayoutEndpoint } from "@/lib/payouts/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createBatchPayoutEndpoint);
