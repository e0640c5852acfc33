import { routeHandlers } from "@/lib/api/route";
import { createPayoutEndpoint } from "@/lib/payouts/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createPayoutEndpoint);
