import { routeHandlers } from "@/lib/api/route";
import { searchPaymentsEndpoint } from "@/lib/payments/search-endpoint";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(searchPaymentsEndpoint);
