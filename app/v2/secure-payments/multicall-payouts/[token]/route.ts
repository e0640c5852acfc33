import { routeHandlers } from "@/lib/api/route";
import { getMulticallPayoutOperation } from "@/lib/secure-payments/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getMulticallPayoutOperation);
