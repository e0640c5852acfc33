import { routeHandlers } from "@/lib/api/route";
import { cancelSecurePaymentOperation } from "@/lib/secure-payments/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(cancelSecurePaymentOperation);
