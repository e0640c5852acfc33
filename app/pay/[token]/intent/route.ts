import { routeHandlers } from "@/lib/api/route";
import { pagePaymentIntentOperation } from "@/lib/pay-page/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(pagePaymentIntentOperation);
