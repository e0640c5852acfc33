import { routeHandlers } from "@/lib/api/route";
import { createSecurePayoutOperation } from "@/lib/secure-payments/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createSecurePayoutOperation);
