import { routeHandlers } from "@/lib/api/route";
import { createBatchPayoutLinkEndpoint } from "@/lib/secure-payments/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createBatchPayoutLinkEndpoint);
