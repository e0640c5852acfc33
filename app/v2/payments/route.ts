import { routeHandlers } from "@/lib/api/route";
import { searchPaymentsOperation } from "@/lib/payments/search-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(searchPaymentsOperation);
