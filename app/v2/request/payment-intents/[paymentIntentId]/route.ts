import { routeHandlers } from "@/lib/api/route";
import { submitPaymentIntentOperation } from "@/lib/crosschain/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(submitPaymentIntentOperation);
